// Package tiledcmd reads the commands of a Tiled project file (the
// editor's File > Commands menu) and expands one the way Tiled 1.8 does
// before it starts the process, so tests can run exactly what a level
// designer's key press runs. It follows Tiled 1.8.2's
// src/tiled/command.cpp (Command::fromVariant, finalCommand,
// finalWorkingDirectory, replaceVariables) and Qt 5.15's
// QProcess::splitCommand.
package tiledcmd

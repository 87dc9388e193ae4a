// Package assets holds Sightline's embedded art and fonts.
package assets

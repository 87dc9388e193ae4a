<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="evil" tilewidth="32" tileheight="32" tilecount="1" columns="1">
 <image source="../../../../../etc/passwd" width="32" height="32"/>
</tileset>

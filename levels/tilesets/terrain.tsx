<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="32" tileheight="32" tilecount="24" columns="8">
 <image source="terrain.png" width="256" height="96"/>
 <tile id="4">
  <properties>
   <property name="cost" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="cost" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="cost" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="floor" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="floor" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="16" type="Cover">
  <properties>
   <property name="material" propertytype="Material" value="brick"/>
  </properties>
 </tile>
 <tile id="17" type="Cover"/>
 <tile id="18" type="Cover">
  <properties>
   <property name="height" propertytype="CoverHeight" value="low"/>
   <property name="material" propertytype="Material" value="foliage"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="cost" type="int" value="2"/>
  </properties>
 </tile>
</tileset>

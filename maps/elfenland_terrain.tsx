<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="elfenland_terrain" tilewidth="32" tileheight="32" tilecount="131" columns="8">
 <image source="elfenland_terrain.png" width="256" height="544"/>
 <tile id="0">
  <properties>
    <property name="terrain" value="sea"/>
    <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
    <property name="terrain" value="sea"/>
    <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
    <property name="terrain" value="sea"/>
    <property name="variant" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
    <property name="terrain" value="sea"/>
    <property name="variant" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
    <property name="terrain" value="coast"/>
    <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
    <property name="terrain" value="coast"/>
    <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
    <property name="terrain" value="coast"/>
    <property name="variant" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
    <property name="terrain" value="coast"/>
    <property name="variant" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
    <property name="terrain" value="lake"/>
    <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
    <property name="terrain" value="lake"/>
    <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
    <property name="terrain" value="lake"/>
    <property name="variant" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
    <property name="terrain" value="lake"/>
    <property name="variant" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
    <property name="terrain" value="lake"/>
    <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
    <property name="terrain" value="lake"/>
    <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
    <property name="terrain" value="lake"/>
    <property name="variant" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
    <property name="terrain" value="lake"/>
    <property name="variant" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
    <property name="terrain" value="plain"/>
    <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
    <property name="terrain" value="plain"/>
    <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
    <property name="terrain" value="plain"/>
    <property name="variant" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
    <property name="terrain" value="plain"/>
    <property name="variant" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
    <property name="terrain" value="plain"/>
    <property name="variant" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
    <property name="terrain" value="plain"/>
    <property name="variant" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
    <property name="terrain" value="forest"/>
    <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
    <property name="terrain" value="forest"/>
    <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
    <property name="terrain" value="forest"/>
    <property name="variant" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
    <property name="terrain" value="forest"/>
    <property name="variant" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
    <property name="terrain" value="forest"/>
    <property name="variant" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
    <property name="terrain" value="forest"/>
    <property name="variant" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
    <property name="terrain" value="mountain"/>
    <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
    <property name="terrain" value="mountain"/>
    <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
    <property name="terrain" value="mountain"/>
    <property name="variant" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
    <property name="terrain" value="mountain"/>
    <property name="variant" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="32">
  <properties>
    <property name="terrain" value="mountain"/>
    <property name="variant" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="33">
  <properties>
    <property name="terrain" value="mountain"/>
    <property name="variant" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="34">
  <properties>
    <property name="terrain" value="desert"/>
    <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="35">
  <properties>
    <property name="terrain" value="desert"/>
    <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="36">
  <properties>
    <property name="terrain" value="desert"/>
    <property name="variant" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="37">
  <properties>
    <property name="terrain" value="desert"/>
    <property name="variant" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="38">
  <properties>
    <property name="terrain" value="desert"/>
    <property name="variant" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="39">
  <properties>
    <property name="terrain" value="desert"/>
    <property name="variant" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="40">
  <properties>
    <property name="terrain" value="river"/>
    <property name="connects" value=""/>
  </properties>
 </tile>
 <tile id="41">
  <properties>
    <property name="terrain" value="river"/>
    <property name="connects" value="N"/>
  </properties>
 </tile>
 <tile id="42">
  <properties>
    <property name="terrain" value="river"/>
    <property name="connects" value="E"/>
  </properties>
 </tile>
 <tile id="43">
  <properties>
    <property name="terrain" value="river"/>
    <property name="connects" value="NE"/>
  </properties>
 </tile>
 <tile id="44">
  <properties>
    <property name="terrain" value="river"/>
    <property name="connects" value="S"/>
  </properties>
 </tile>
 <tile id="45">
  <properties>
    <property name="terrain" value="river"/>
    <property name="connects" value="NS"/>
  </properties>
 </tile>
 <tile id="46">
  <properties>
    <property name="terrain" value="river"/>
    <property name="connects" value="ES"/>
  </properties>
 </tile>
 <tile id="47">
  <properties>
    <property name="terrain" value="river"/>
    <property name="connects" value="NES"/>
  </properties>
 </tile>
 <tile id="48">
  <properties>
    <property name="terrain" value="river"/>
    <property name="connects" value="W"/>
  </properties>
 </tile>
 <tile id="49">
  <properties>
    <property name="terrain" value="river"/>
    <property name="connects" value="NW"/>
  </properties>
 </tile>
 <tile id="50">
  <properties>
    <property name="terrain" value="river"/>
    <property name="connects" value="EW"/>
  </properties>
 </tile>
 <tile id="51">
  <properties>
    <property name="terrain" value="river"/>
    <property name="connects" value="NEW"/>
  </properties>
 </tile>
 <tile id="52">
  <properties>
    <property name="terrain" value="river"/>
    <property name="connects" value="SW"/>
  </properties>
 </tile>
 <tile id="53">
  <properties>
    <property name="terrain" value="river"/>
    <property name="connects" value="NSW"/>
  </properties>
 </tile>
 <tile id="54">
  <properties>
    <property name="terrain" value="river"/>
    <property name="connects" value="ESW"/>
  </properties>
 </tile>
 <tile id="55">
  <properties>
    <property name="terrain" value="river"/>
    <property name="connects" value="NESW"/>
  </properties>
 </tile>
 <tile id="56">
  <properties>
    <property name="edges" value="N"/>
    <property name="terrain" value="coast"/>
  </properties>
 </tile>
 <tile id="57">
  <properties>
    <property name="edges" value="E"/>
    <property name="terrain" value="coast"/>
  </properties>
 </tile>
 <tile id="58">
  <properties>
    <property name="edges" value="NE"/>
    <property name="terrain" value="coast"/>
  </properties>
 </tile>
 <tile id="59">
  <properties>
    <property name="edges" value="S"/>
    <property name="terrain" value="coast"/>
  </properties>
 </tile>
 <tile id="60">
  <properties>
    <property name="edges" value="NS"/>
    <property name="terrain" value="coast"/>
  </properties>
 </tile>
 <tile id="61">
  <properties>
    <property name="edges" value="ES"/>
    <property name="terrain" value="coast"/>
  </properties>
 </tile>
 <tile id="62">
  <properties>
    <property name="edges" value="NES"/>
    <property name="terrain" value="coast"/>
  </properties>
 </tile>
 <tile id="63">
  <properties>
    <property name="edges" value="W"/>
    <property name="terrain" value="coast"/>
  </properties>
 </tile>
 <tile id="64">
  <properties>
    <property name="edges" value="NW"/>
    <property name="terrain" value="coast"/>
  </properties>
 </tile>
 <tile id="65">
  <properties>
    <property name="edges" value="EW"/>
    <property name="terrain" value="coast"/>
  </properties>
 </tile>
 <tile id="66">
  <properties>
    <property name="edges" value="NEW"/>
    <property name="terrain" value="coast"/>
  </properties>
 </tile>
 <tile id="67">
  <properties>
    <property name="edges" value="SW"/>
    <property name="terrain" value="coast"/>
  </properties>
 </tile>
 <tile id="68">
  <properties>
    <property name="edges" value="NSW"/>
    <property name="terrain" value="coast"/>
  </properties>
 </tile>
 <tile id="69">
  <properties>
    <property name="edges" value="ESW"/>
    <property name="terrain" value="coast"/>
  </properties>
 </tile>
 <tile id="70">
  <properties>
    <property name="edges" value="NESW"/>
    <property name="terrain" value="coast"/>
  </properties>
 </tile>
 <tile id="71">
  <properties>
    <property name="edges" value="N"/>
    <property name="terrain" value="desert"/>
  </properties>
 </tile>
 <tile id="72">
  <properties>
    <property name="edges" value="E"/>
    <property name="terrain" value="desert"/>
  </properties>
 </tile>
 <tile id="73">
  <properties>
    <property name="edges" value="NE"/>
    <property name="terrain" value="desert"/>
  </properties>
 </tile>
 <tile id="74">
  <properties>
    <property name="edges" value="S"/>
    <property name="terrain" value="desert"/>
  </properties>
 </tile>
 <tile id="75">
  <properties>
    <property name="edges" value="NS"/>
    <property name="terrain" value="desert"/>
  </properties>
 </tile>
 <tile id="76">
  <properties>
    <property name="edges" value="ES"/>
    <property name="terrain" value="desert"/>
  </properties>
 </tile>
 <tile id="77">
  <properties>
    <property name="edges" value="NES"/>
    <property name="terrain" value="desert"/>
  </properties>
 </tile>
 <tile id="78">
  <properties>
    <property name="edges" value="W"/>
    <property name="terrain" value="desert"/>
  </properties>
 </tile>
 <tile id="79">
  <properties>
    <property name="edges" value="NW"/>
    <property name="terrain" value="desert"/>
  </properties>
 </tile>
 <tile id="80">
  <properties>
    <property name="edges" value="EW"/>
    <property name="terrain" value="desert"/>
  </properties>
 </tile>
 <tile id="81">
  <properties>
    <property name="edges" value="NEW"/>
    <property name="terrain" value="desert"/>
  </properties>
 </tile>
 <tile id="82">
  <properties>
    <property name="edges" value="SW"/>
    <property name="terrain" value="desert"/>
  </properties>
 </tile>
 <tile id="83">
  <properties>
    <property name="edges" value="NSW"/>
    <property name="terrain" value="desert"/>
  </properties>
 </tile>
 <tile id="84">
  <properties>
    <property name="edges" value="ESW"/>
    <property name="terrain" value="desert"/>
  </properties>
 </tile>
 <tile id="85">
  <properties>
    <property name="edges" value="NESW"/>
    <property name="terrain" value="desert"/>
  </properties>
 </tile>
 <tile id="86">
  <properties>
    <property name="edges" value="N"/>
    <property name="terrain" value="plain"/>
  </properties>
 </tile>
 <tile id="87">
  <properties>
    <property name="edges" value="E"/>
    <property name="terrain" value="plain"/>
  </properties>
 </tile>
 <tile id="88">
  <properties>
    <property name="edges" value="NE"/>
    <property name="terrain" value="plain"/>
  </properties>
 </tile>
 <tile id="89">
  <properties>
    <property name="edges" value="S"/>
    <property name="terrain" value="plain"/>
  </properties>
 </tile>
 <tile id="90">
  <properties>
    <property name="edges" value="NS"/>
    <property name="terrain" value="plain"/>
  </properties>
 </tile>
 <tile id="91">
  <properties>
    <property name="edges" value="ES"/>
    <property name="terrain" value="plain"/>
  </properties>
 </tile>
 <tile id="92">
  <properties>
    <property name="edges" value="NES"/>
    <property name="terrain" value="plain"/>
  </properties>
 </tile>
 <tile id="93">
  <properties>
    <property name="edges" value="W"/>
    <property name="terrain" value="plain"/>
  </properties>
 </tile>
 <tile id="94">
  <properties>
    <property name="edges" value="NW"/>
    <property name="terrain" value="plain"/>
  </properties>
 </tile>
 <tile id="95">
  <properties>
    <property name="edges" value="EW"/>
    <property name="terrain" value="plain"/>
  </properties>
 </tile>
 <tile id="96">
  <properties>
    <property name="edges" value="NEW"/>
    <property name="terrain" value="plain"/>
  </properties>
 </tile>
 <tile id="97">
  <properties>
    <property name="edges" value="SW"/>
    <property name="terrain" value="plain"/>
  </properties>
 </tile>
 <tile id="98">
  <properties>
    <property name="edges" value="NSW"/>
    <property name="terrain" value="plain"/>
  </properties>
 </tile>
 <tile id="99">
  <properties>
    <property name="edges" value="ESW"/>
    <property name="terrain" value="plain"/>
  </properties>
 </tile>
 <tile id="100">
  <properties>
    <property name="edges" value="NESW"/>
    <property name="terrain" value="plain"/>
  </properties>
 </tile>
 <tile id="101">
  <properties>
    <property name="edges" value="N"/>
    <property name="terrain" value="mountain"/>
  </properties>
 </tile>
 <tile id="102">
  <properties>
    <property name="edges" value="E"/>
    <property name="terrain" value="mountain"/>
  </properties>
 </tile>
 <tile id="103">
  <properties>
    <property name="edges" value="NE"/>
    <property name="terrain" value="mountain"/>
  </properties>
 </tile>
 <tile id="104">
  <properties>
    <property name="edges" value="S"/>
    <property name="terrain" value="mountain"/>
  </properties>
 </tile>
 <tile id="105">
  <properties>
    <property name="edges" value="NS"/>
    <property name="terrain" value="mountain"/>
  </properties>
 </tile>
 <tile id="106">
  <properties>
    <property name="edges" value="ES"/>
    <property name="terrain" value="mountain"/>
  </properties>
 </tile>
 <tile id="107">
  <properties>
    <property name="edges" value="NES"/>
    <property name="terrain" value="mountain"/>
  </properties>
 </tile>
 <tile id="108">
  <properties>
    <property name="edges" value="W"/>
    <property name="terrain" value="mountain"/>
  </properties>
 </tile>
 <tile id="109">
  <properties>
    <property name="edges" value="NW"/>
    <property name="terrain" value="mountain"/>
  </properties>
 </tile>
 <tile id="110">
  <properties>
    <property name="edges" value="EW"/>
    <property name="terrain" value="mountain"/>
  </properties>
 </tile>
 <tile id="111">
  <properties>
    <property name="edges" value="NEW"/>
    <property name="terrain" value="mountain"/>
  </properties>
 </tile>
 <tile id="112">
  <properties>
    <property name="edges" value="SW"/>
    <property name="terrain" value="mountain"/>
  </properties>
 </tile>
 <tile id="113">
  <properties>
    <property name="edges" value="NSW"/>
    <property name="terrain" value="mountain"/>
  </properties>
 </tile>
 <tile id="114">
  <properties>
    <property name="edges" value="ESW"/>
    <property name="terrain" value="mountain"/>
  </properties>
 </tile>
 <tile id="115">
  <properties>
    <property name="edges" value="NESW"/>
    <property name="terrain" value="mountain"/>
  </properties>
 </tile>
 <tile id="116">
  <properties>
    <property name="edges" value="N"/>
    <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="117">
  <properties>
    <property name="edges" value="E"/>
    <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="118">
  <properties>
    <property name="edges" value="NE"/>
    <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="119">
  <properties>
    <property name="edges" value="S"/>
    <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="120">
  <properties>
    <property name="edges" value="NS"/>
    <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="121">
  <properties>
    <property name="edges" value="ES"/>
    <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="122">
  <properties>
    <property name="edges" value="NES"/>
    <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="123">
  <properties>
    <property name="edges" value="W"/>
    <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="124">
  <properties>
    <property name="edges" value="NW"/>
    <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="125">
  <properties>
    <property name="edges" value="EW"/>
    <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="126">
  <properties>
    <property name="edges" value="NEW"/>
    <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="127">
  <properties>
    <property name="edges" value="SW"/>
    <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="128">
  <properties>
    <property name="edges" value="NSW"/>
    <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="129">
  <properties>
    <property name="edges" value="ESW"/>
    <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="130">
  <properties>
    <property name="edges" value="NESW"/>
    <property name="terrain" value="forest"/>
  </properties>
 </tile>
</tileset>

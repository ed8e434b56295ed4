import { FRANCE_PLACES } from './place-names-france';

/**
 * Places that contain each other, for the grounding check: a draft that names the county, region or
 * country of the recipient's town ("Warwickshire" for Leamington, "la Loire" for Saint-Étienne)
 * states nothing new; one that names another town does. A compact table, not a gazetteer:
 *
 * - countries (mostly Europe, with their English, German, French and Spanish names) and their
 *   capitals;
 * - the United Kingdom: nations, English regions and ceremonial counties, with towns of about
 *   100,000 people or more and county towns;
 * - Germany: the Länder and well-known regions (Ruhrgebiet, Münsterland…), with cities of about
 *   100,000 or more and the Länder capitals; Austria and Switzerland: main states and cities;
 * - France: régions (and the old ones still used), départements, with their préfectures and
 *   communes of about 50,000 or more;
 * - Spain: comunidades autónomas and provincias, with their capitals and municipalities of about
 *   50,000 or more (Castilian and local names);
 * - Belgium, Italy: main regions and cities; the US states and their largest cities.
 *
 * Towns were chosen by size and status alone, never from drafts: a town not here is unknown, and
 * the check then gives a region named beside it the benefit of the doubt.
 *
 * One place a line: its names separated by "|", indented under the place that holds it; after a
 * ":" the towns it holds, separated by ",". A town may stand under several places (a city in a
 * county and in a metropolitan area). A name here is matched without case or accents.
 */
export const PLACE_TABLE = `
Europe|Europa|Continental Europe|Kontinentaleuropa
  United Kingdom|UK|U.K.|Britain|Great Britain|GB|Vereinigtes Königreich|Großbritannien|Royaume-Uni|Grande-Bretagne|Reino Unido|Gran Bretaña: London
    England|Angleterre|Inglaterra
      North East|North East England|North-East England|North East of England|Nordostengland
        Northumberland: Morpeth
        Tyne and Wear|Tyneside: Newcastle upon Tyne|Newcastle, Sunderland, Gateshead
        County Durham|Durham: Durham, Darlington
        Teesside: Middlesbrough, Stockton-on-Tees, Hartlepool
      North West|North West England|North-West England|Nordwestengland
        Greater Manchester: Manchester, Salford, Stockport, Bolton, Wigan, Oldham, Rochdale
        Merseyside: Liverpool, Birkenhead, St Helens
        Lancashire: Preston, Blackpool, Blackburn, Lancaster
        Cheshire: Chester, Warrington
        Cumbria: Carlisle
      Yorkshire and the Humber|Yorkshire & the Humber|Yorkshire and Humber|Yorkshire
        North Yorkshire: York, Northallerton
        West Yorkshire: Leeds, Bradford, Wakefield, Huddersfield
        South Yorkshire: Sheffield, Doncaster, Rotherham, Barnsley
        East Riding of Yorkshire|East Yorkshire: Kingston upon Hull|Hull, Beverley
      East Midlands|Midlands
        Derbyshire: Derby, Chesterfield, Matlock
        Nottinghamshire: Nottingham, Mansfield
        Leicestershire: Leicester
        Lincolnshire: Lincoln
        Northamptonshire: Northampton
        Rutland: Oakham
      West Midlands|Midlands
        West Midlands: Birmingham, Coventry, Wolverhampton, Walsall, Dudley, West Bromwich, Solihull, Sutton Coldfield
        Staffordshire: Stoke-on-Trent, Stafford
        Warwickshire: Warwick
        Worcestershire: Worcester
        Shropshire: Shrewsbury, Telford
        Herefordshire: Hereford
      East of England|East Anglia
        Norfolk: Norwich
        Suffolk: Ipswich
        Cambridgeshire: Cambridge, Peterborough
        Essex: Chelmsford, Colchester, Southend-on-Sea|Southend, Basildon
        Hertfordshire: Hertford, Watford
        Bedfordshire: Bedford, Luton
      Greater London|London|Londres|Londra: London|Londres|Londra|City of London|Westminster|Croydon
      South East|South East England|South-East England|Südostengland
        Kent: Maidstone, Gillingham
        Surrey: Guildford, Woking
        East Sussex: Lewes, Brighton|Brighton and Hove|Brighton & Hove, Eastbourne
        West Sussex: Chichester, Crawley, Worthing
        Hampshire: Winchester, Southampton, Portsmouth, Basingstoke
        Berkshire: Reading, Slough
        Oxfordshire: Oxford
        Buckinghamshire: Aylesbury, Milton Keynes, High Wycombe
        Isle of Wight: Newport
      South West|South West England|South-West England|Südwestengland
        Bristol: Bristol
        Gloucestershire: Gloucester, Cheltenham
        Somerset: Taunton, Bath
        Wiltshire: Trowbridge, Swindon
        Dorset: Dorchester, Bournemouth, Poole
        Devon: Exeter, Plymouth
        Cornwall: Truro
    Scotland|Schottland|Écosse|Escocia: Glasgow, Edinburgh|Édimbourg|Edimburgo, Aberdeen, Dundee, Inverness, Stirling, Perth
    Wales|Cymru|Pays de Galles|Gales: Cardiff|Caerdydd, Swansea, Newport, Wrexham
    Northern Ireland|Nordirland|Irlande du Nord|Irlanda del Norte: Belfast, Derry|Londonderry
  Ireland|Republic of Ireland|Éire|Irland|Irlande|Irlanda: Dublin, Cork, Limerick, Galway
  Germany|Deutschland|Allemagne|Alemania|Bundesrepublik Deutschland: Berlin
    Baden-Württemberg|Bade-Wurtemberg: Stuttgart, Mannheim, Karlsruhe, Freiburg|Freiburg im Breisgau, Heidelberg, Ulm, Heilbronn, Pforzheim, Reutlingen
      Bodensee|Lake Constance|Lac de Constance
    Bayern|Bavaria|Bavière|Baviera: München|Munich|Múnich, Nürnberg|Nuremberg|Núremberg, Augsburg|Augsbourg, Regensburg|Ratisbonne, Ingolstadt, Würzburg, Fürth, Erlangen
      Oberbayern|Upper Bavaria|Haute-Bavière|Alta Baviera: München|Munich, Ingolstadt
      Schwaben|Bayerisch-Schwaben|Swabia|Souabe|Suabia: Augsburg
      Franken|Franconia|Franconie: Nürnberg|Nuremberg, Würzburg, Fürth, Erlangen
      Niederbayern|Lower Bavaria
      Oberpfalz|Upper Palatinate: Regensburg
      Allgäu
    Berlin|Berlín: Berlin|Berlín
    Brandenburg|Brandebourg: Potsdam, Cottbus
    Bremen|Brême: Bremen|Brême, Bremerhaven
    Hamburg|Hambourg|Hamburgo: Hamburg|Hambourg|Hamburgo
    Hessen|Hesse: Wiesbaden, Frankfurt|Frankfurt am Main|Francfort|Fráncfort, Kassel, Darmstadt, Offenbach|Offenbach am Main
    Mecklenburg-Vorpommern|Mecklenburg-Western Pomerania: Schwerin, Rostock
    Niedersachsen|Lower Saxony|Basse-Saxe|Baja Sajonia: Hannover|Hanover|Hanovre, Braunschweig|Brunswick, Oldenburg, Osnabrück, Wolfsburg, Göttingen, Hildesheim, Salzgitter
    Nordrhein-Westfalen|NRW|North Rhine-Westphalia|Rhénanie-du-Nord-Westphalie|Renania del Norte-Westfalia: Düsseldorf
      Ruhrgebiet|Ruhr|Ruhr area|Ruhrpott|Bassin de la Ruhr|Cuenca del Ruhr: Dortmund, Essen, Duisburg, Bochum, Gelsenkirchen, Oberhausen, Hagen, Hamm, Herne, Mülheim an der Ruhr, Bottrop, Recklinghausen
      Rheinland|Rhineland|Rhénanie: Köln|Cologne|Colonia, Düsseldorf, Bonn, Aachen|Aix-la-Chapelle|Aquisgrán, Mönchengladbach, Krefeld, Neuss, Leverkusen, Solingen, Wuppertal, Remscheid
      Münsterland: Münster
      Ostwestfalen-Lippe|OWL|Ostwestfalen: Bielefeld, Paderborn, Gütersloh
      Sauerland
      Bergisches Land: Wuppertal, Solingen, Remscheid
      Siegerland: Siegen
    Rheinland-Pfalz|Rhineland-Palatinate|Rhénanie-Palatinat|Renania-Palatinado: Mainz|Mayence|Maguncia, Ludwigshafen, Koblenz|Coblence, Trier|Trèves, Kaiserslautern
      Pfalz|Palatinate|Palatinat: Ludwigshafen, Kaiserslautern
    Saarland|Sarre: Saarbrücken|Sarrebruck
    Sachsen|Saxony|Saxe|Sajonia: Dresden|Dresde, Leipzig, Chemnitz
    Sachsen-Anhalt|Saxony-Anhalt|Saxe-Anhalt: Magdeburg|Magdebourg, Halle|Halle (Saale)
    Schleswig-Holstein: Kiel, Lübeck
    Thüringen|Thuringia|Thuringe|Turingia: Erfurt, Jena
  Austria|Österreich|Autriche: Wien|Vienna|Viena, Graz, Linz, Salzburg|Salzbourg, Innsbruck, Klagenfurt
    Tirol|Tyrol: Innsbruck
    Steiermark|Styria|Styrie: Graz
    Oberösterreich|Upper Austria: Linz
  Switzerland|Schweiz|Suisse|Suiza: Bern|Berne|Berna, Zürich|Zurich|Zúrich, Genf|Geneva|Genève|Ginebra, Basel|Bâle|Basilea, Lausanne, Luzern|Lucerne|Lucerna, St. Gallen|Saint-Gall, Winterthur, Lugano
${FRANCE_PLACES}
  Belgium|Belgien|Belgique|Bélgica: Brüssel|Brussels|Bruxelles|Bruselas
    Flandern|Flanders|Flandre|Flandes|Vlaanderen: Antwerpen|Antwerp|Anvers|Amberes, Gent|Ghent|Gand, Brugge|Bruges|Brujas
    Wallonie|Wallonia|Wallonien|Valonia: Charleroi, Liège|Lüttich|Lieja, Namur, Mons
  Netherlands|Niederlande|Pays-Bas|Países Bajos|Holland|Nederland: Amsterdam|Ámsterdam, Rotterdam|Róterdam, Den Haag|The Hague|La Haye|La Haya, Utrecht, Eindhoven
  Luxembourg|Luxemburg|Luxemburgo: Luxembourg|Luxemburg|Luxemburgo
  Spain|Spanien|Espagne|España: Madrid
    Comunidad Valenciana|Comunitat Valenciana|Valencian Community|Communauté valencienne|País Valenciano
      Alicante|Alacant: Alicante|Alacant, Elche|Elx, Torrevieja, Orihuela, Benidorm, Alcoy|Alcoi, Elda, San Vicente del Raspeig|Sant Vicent del Raspeig
      Valencia|València: Valencia|València, Gandía|Gandia, Torrent, Paterna, Sagunto|Sagunt
      Castellón|Castelló: Castellón de la Plana|Castelló de la Plana|Castellón|Castelló, Vila-real|Villarreal
    Región de Murcia|Murcia|Región Murciana: Murcia, Cartagena, Lorca, Molina de Segura
    Andalucía|Andalusia|Andalousie|Andalusien
      Sevilla|Seville|Séville: Sevilla|Seville|Séville, Dos Hermanas
      Málaga: Málaga, Marbella, Vélez-Málaga, Fuengirola, Mijas, Torremolinos
      Córdoba|Cordoue: Córdoba|Cordoue
      Granada|Grenade: Granada|Grenade, Motril
      Almería: Almería, El Ejido, Roquetas de Mar
      Cádiz: Cádiz, Jerez de la Frontera|Jerez, Algeciras, San Fernando, El Puerto de Santa María
      Huelva: Huelva
      Jaén: Jaén, Linares
    Cataluña|Catalunya|Catalonia|Catalogne|Katalonien
      Barcelona|Barcelone: Barcelona|Barcelone, L'Hospitalet de Llobregat|Hospitalet de Llobregat, Badalona, Terrassa|Tarrasa, Sabadell, Mataró, Santa Coloma de Gramenet, Granollers, Manresa
      Girona|Gerona: Girona|Gerona
      Lleida|Lérida: Lleida|Lérida
      Tarragona|Tarragone: Tarragona|Tarragone, Reus
    Comunidad de Madrid|Madrid
      Madrid: Madrid, Móstoles, Alcalá de Henares, Fuenlabrada, Leganés, Getafe, Alcorcón, Torrejón de Ardoz, Parla, Alcobendas, Las Rozas, Pozuelo de Alarcón, Majadahonda
    Aragón|Aragonien
      Zaragoza|Saragosse|Saragossa: Zaragoza|Saragosse|Saragossa
      Huesca: Huesca
      Teruel: Teruel
    Castilla y León|Castile and León|Castille-et-León
      Valladolid: Valladolid
      Burgos: Burgos
      León: León, Ponferrada
      Salamanca|Salamanque: Salamanca|Salamanque
      Palencia: Palencia
      Zamora: Zamora
      Ávila: Ávila
      Segovia|Ségovie: Segovia|Ségovie
      Soria: Soria
    Castilla-La Mancha|Castile-La Mancha|Castille-La Manche
      Toledo|Tolède: Toledo|Tolède, Talavera de la Reina
      Albacete: Albacete
      Ciudad Real: Ciudad Real
      Cuenca: Cuenca
      Guadalajara: Guadalajara
    Galicia|Galice|Galizien
      A Coruña|La Coruña|La Corogne: A Coruña|La Coruña|La Corogne, Santiago de Compostela|Saint-Jacques-de-Compostelle, Ferrol
      Pontevedra: Pontevedra, Vigo
      Lugo: Lugo
      Ourense|Orense: Ourense|Orense
    País Vasco|Euskadi|Basque Country|Baskenland
      Bizkaia|Vizcaya|Biscay: Bilbao|Bilbo, Barakaldo|Baracaldo, Getxo
      Gipuzkoa|Guipúzcoa: San Sebastián|Donostia|Donostia-San Sebastián, Irun|Irún
      Álava|Araba: Vitoria|Vitoria-Gasteiz|Gasteiz
    Navarra|Navarre|Nafarroa: Pamplona|Iruña|Pampelune
    La Rioja|Rioja: Logroño
    Cantabria|Cantabrie: Santander, Torrelavega
    Asturias|Principado de Asturias|Asturies: Oviedo, Gijón|Xixón, Avilés
    Extremadura|Estrémadure
      Badajoz: Badajoz, Mérida
      Cáceres: Cáceres
    Islas Baleares|Illes Balears|Baleares|Balearic Islands|Baléares
      Mallorca|Majorca: Palma|Palma de Mallorca
      Ibiza|Eivissa: Ibiza|Eivissa
    Canarias|Islas Canarias|Canary Islands|Canaries|Kanaren
      Las Palmas|Gran Canaria: Las Palmas de Gran Canaria|Las Palmas, Telde
      Santa Cruz de Tenerife|Tenerife: Santa Cruz de Tenerife, San Cristóbal de La Laguna|La Laguna
    Ceuta: Ceuta
    Melilla: Melilla
  Portugal: Lisboa|Lisbon|Lissabon|Lisbonne, Porto|Oporto, Braga, Coimbra
  Italy|Italien|Italie|Italia: Roma|Rome|Rom, Milano|Milan|Mailand|Milán, Napoli|Naples|Neapel|Nápoles, Torino|Turin|Turín, Firenze|Florence|Florenz|Florencia, Bologna|Bologne|Bolonia, Venezia|Venice|Venedig|Venise|Venecia, Genova|Genoa|Genua|Gênes|Génova
    Lombardia|Lombardy|Lombardei|Lombardie: Milano|Milan|Mailand, Bergamo, Brescia
    Piemonte|Piedmont|Piemont|Piémont: Torino|Turin
    Toscana|Tuscany|Toskana|Toscane: Firenze|Florence|Florenz
    Veneto|Venetien|Vénétie: Venezia|Venice, Verona|Vérone, Padova|Padua
    Lazio|Latium: Roma|Rome|Rom
  Poland|Polen|Pologne|Polonia: Warszawa|Warsaw|Warschau|Varsovie|Varsovia, Kraków|Krakow|Krakau|Cracovie|Cracovia, Gdańsk|Gdansk|Danzig, Wrocław|Breslau, Poznań|Posen
  Czech Republic|Czechia|Tschechien|République tchèque|Tchéquie|Chequia|República Checa: Praha|Prague|Prag|Praga, Brno
  Denmark|Dänemark|Danemark|Dinamarca: København|Copenhagen|Kopenhagen|Copenhague
  Sweden|Schweden|Suède|Suecia: Stockholm|Estocolmo, Göteborg|Gothenburg
  Norway|Norwegen|Norvège|Noruega: Oslo
  Finland|Finnland|Finlande|Finlandia: Helsinki
  Greece|Griechenland|Grèce|Grecia: Athens|Athen|Athènes|Atenas
  Hungary|Ungarn|Hongrie|Hungría: Budapest
  Romania|Rumänien|Roumanie|Rumanía: Bucharest|Bukarest|Bucarest
DACH|D-A-CH
  Germany|Deutschland|Allemagne|Alemania|Bundesrepublik Deutschland
  Austria|Österreich|Autriche
  Switzerland|Schweiz|Suisse|Suiza
Benelux
  Belgium|Belgien|Belgique|Bélgica
  Netherlands|Niederlande|Pays-Bas|Países Bajos|Holland|Nederland
  Luxembourg|Luxemburg|Luxemburgo
Scandinavia|Nordics|Nordic countries|Skandinavien|Scandinavie|Escandinavia|Nordeuropa
  Denmark|Dänemark|Danemark|Dinamarca
  Sweden|Schweden|Suède|Suecia
  Norway|Norwegen|Norvège|Noruega
  Finland|Finnland|Finlande|Finlandia
America|Americas|the Americas|Amerika|Amérique|Amériques|América
  United States|USA|US|U.S.|United States of America|Vereinigte Staaten|États-Unis|Estados Unidos|EE. UU.|EEUU: Washington D.C.|Washington DC
    Alabama
    Alaska
    Arizona: Phoenix
    Arkansas
    California|Kalifornien|Californie: Los Angeles, San Francisco, San Diego, San Jose, Sacramento
    Colorado: Denver
    Connecticut
    Delaware
    Florida|Floride: Miami, Orlando, Tampa, Jacksonville
    Georgia: Atlanta
    Hawaii
    Idaho
    Illinois: Chicago
    Indiana: Indianapolis
    Iowa
    Kansas
    Kentucky
    Louisiana|Louisiane: New Orleans
    Maine
    Maryland: Baltimore
    Massachusetts: Boston
    Michigan: Detroit
    Minnesota: Minneapolis
    Mississippi
    Missouri
    Montana
    Nebraska
    Nevada: Las Vegas
    New Hampshire
    New Jersey
    New Mexico
    New York|New York State: New York City|New York|NYC
    North Carolina: Charlotte, Raleigh
    North Dakota
    Ohio: Columbus, Cleveland, Cincinnati
    Oklahoma
    Oregon: Portland
    Pennsylvania|Pennsylvanie: Philadelphia, Pittsburgh
    Rhode Island
    South Carolina
    South Dakota
    Tennessee: Nashville, Memphis
    Texas: Houston, Dallas, Austin, San Antonio
    Utah
    Vermont
    Virginia
    Washington|Washington State: Seattle
    West Virginia
    Wisconsin
    Wyoming
  Canada|Kanada: Ottawa, Toronto, Montreal|Montréal, Vancouver
  Mexico|Mexiko|Mexique|México: Mexico City|Ciudad de México
  Brazil|Brasilien|Brésil|Brasil: Brasília, São Paulo|Sao Paulo, Rio de Janeiro
North America|Nordamerika|Amérique du Nord|Norteamérica|América del Norte
  United States|USA|US|U.S.|United States of America|Vereinigte Staaten|États-Unis|Estados Unidos|EE. UU.|EEUU
  Canada|Kanada
  Mexico|Mexiko|Mexique|México
Latin America|Lateinamerika|Amérique latine|Latinoamérica|América Latina|Hispanoamérica
  Mexico|Mexiko|Mexique|México
  Brazil|Brasilien|Brésil|Brasil
Asia|Asien|Asie
  Turkey|Türkei|Turquie|Turquía: Istanbul|Estambul, Ankara
  United Arab Emirates|UAE|Vereinigte Arabische Emirate|Émirats arabes unis|Emiratos Árabes Unidos: Dubai|Dubaï|Dubái, Abu Dhabi
  China|Chine: Beijing|Peking|Pékin|Pekín, Shanghai|Shanghái
  Japan|Japon|Japón: Tokyo|Tokio
  India|Indien|Inde: New Delhi|Delhi, Mumbai|Bombay
Middle East|Nahost|Naher Osten|Moyen-Orient|Oriente Medio|Oriente Próximo
  United Arab Emirates|UAE
Africa|Afrika|Afrique|África
  Morocco|Marokko|Maroc|Marruecos: Rabat, Casablanca
Maghreb|Magreb
  Morocco|Marokko|Maroc|Marruecos
Oceania|Ozeanien|Océanie
  Australia|Australien|Australie: Sydney|Sídney, Melbourne, Canberra
`;

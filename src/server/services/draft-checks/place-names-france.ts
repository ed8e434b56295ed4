/**
 * France's part of the place table (place-names.ts, where its format is described): the régions,
 * old and new, and the départements with their préfectures and communes of about 50,000 people or
 * more. Kept apart for its size; indented as it stands under Europe.
 */
export const FRANCE_PLACES = `  France|Frankreich|Francia: Paris
    Île-de-France|Région parisienne|Paris region
      Paris: Paris|París
      Hauts-de-Seine: Nanterre, Boulogne-Billancourt, Courbevoie, Colombes, Rueil-Malmaison
      Seine-Saint-Denis: Bobigny, Saint-Denis, Montreuil, Aubervilliers
      Val-de-Marne: Créteil, Vitry-sur-Seine, Champigny-sur-Marne
      Yvelines: Versailles
      Essonne: Évry|Évry-Courcouronnes
      Val-d'Oise: Cergy, Argenteuil
      Seine-et-Marne: Melun, Meaux
    Auvergne-Rhône-Alpes|AURA
      Rhône-Alpes
        Rhône|Métropole de Lyon|Grand Lyon: Lyon|Lyons|Lión, Villeurbanne, Vénissieux
        Isère: Grenoble
        Loire: Saint-Étienne
        Haute-Savoie: Annecy
        Savoie: Chambéry
        Drôme: Valence
        Ain: Bourg-en-Bresse
        Ardèche: Privas
      Auvergne
        Puy-de-Dôme: Clermont-Ferrand
        Allier: Moulins
        Cantal: Aurillac
        Haute-Loire: Le Puy-en-Velay
    Provence-Alpes-Côte d'Azur|PACA|Région Sud|Provence
      Bouches-du-Rhône: Marseille|Marseilles|Marsella, Aix-en-Provence, Arles
      Alpes-Maritimes|Côte d'Azur|French Riviera: Nice|Niza, Cannes, Antibes, Grasse
      Var: Toulon, Fréjus, Hyères
      Vaucluse: Avignon
      Alpes-de-Haute-Provence: Digne-les-Bains
      Hautes-Alpes: Gap
    Occitanie|Occitania
      Languedoc-Roussillon|Languedoc
        Hérault: Montpellier, Béziers
        Gard: Nîmes
        Aude: Carcassonne, Narbonne
        Pyrénées-Orientales|Roussillon: Perpignan|Perpiñán
        Lozère: Mende
      Midi-Pyrénées
        Haute-Garonne: Toulouse|Tolosa
        Tarn: Albi
        Tarn-et-Garonne: Montauban
        Aveyron: Rodez
        Lot: Cahors
        Gers: Auch
        Hautes-Pyrénées: Tarbes
        Ariège: Foix
    Nouvelle-Aquitaine
      Aquitaine
        Gironde: Bordeaux|Burdeos, Mérignac, Pessac
        Pyrénées-Atlantiques: Pau, Bayonne
        Landes: Mont-de-Marsan
        Dordogne: Périgueux
        Lot-et-Garonne: Agen
      Limousin
        Haute-Vienne: Limoges
        Corrèze: Tulle
        Creuse: Guéret
      Poitou-Charentes
        Vienne: Poitiers
        Charente-Maritime: La Rochelle|La Rochela
        Charente: Angoulême
        Deux-Sèvres: Niort
    Hauts-de-France
      Nord-Pas-de-Calais
        Nord: Lille|Lila, Roubaix, Tourcoing, Dunkerque|Dunkirk, Villeneuve-d'Ascq
        Pas-de-Calais: Arras, Calais
      Picardie|Picardy
        Somme: Amiens
        Oise: Beauvais
        Aisne: Laon, Saint-Quentin
    Grand Est
      Alsace|Elsass
        Bas-Rhin: Strasbourg|Straßburg|Estrasburgo
        Haut-Rhin: Colmar, Mulhouse
      Lorraine|Lothringen
        Moselle: Metz
        Meurthe-et-Moselle: Nancy
        Vosges: Épinal
        Meuse: Bar-le-Duc
      Champagne-Ardenne|Champagne
        Marne: Châlons-en-Champagne, Reims
        Aube: Troyes
        Ardennes: Charleville-Mézières
        Haute-Marne: Chaumont
    Bretagne|Brittany|Bretaña
      Ille-et-Vilaine: Rennes
      Finistère: Quimper, Brest
      Morbihan: Vannes, Lorient
      Côtes-d'Armor: Saint-Brieuc
    Pays de la Loire
      Loire-Atlantique: Nantes, Saint-Nazaire
      Maine-et-Loire|Anjou: Angers, Cholet
      Sarthe: Le Mans
      Mayenne: Laval
      Vendée: La Roche-sur-Yon
    Normandie|Normandy|Normandía
      Seine-Maritime: Rouen, Le Havre
      Calvados: Caen
      Manche: Saint-Lô, Cherbourg|Cherbourg-en-Cotentin
      Eure: Évreux
      Orne: Alençon
    Centre-Val de Loire
      Loiret: Orléans
      Indre-et-Loire|Touraine: Tours
      Loir-et-Cher: Blois
      Eure-et-Loir: Chartres
      Cher: Bourges
      Indre: Châteauroux
    Bourgogne-Franche-Comté
      Bourgogne|Burgundy
        Côte-d'Or: Dijon
        Saône-et-Loire: Mâcon
        Yonne: Auxerre
        Nièvre: Nevers
      Franche-Comté
        Doubs: Besançon
        Jura: Lons-le-Saunier
        Haute-Saône: Vesoul
        Territoire de Belfort: Belfort
    Corse|Corsica|Córcega: Ajaccio, Bastia`;

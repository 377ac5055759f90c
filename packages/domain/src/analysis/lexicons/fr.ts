import { type Lexicon } from "./lexicon";

export const fr: Lexicon = {
  domains: {
    Legal: [
      "contrat*", "clause*", "accord*", "bail", "bailleur*", "locataire*", "tribunal*", "juridiction*", "demandeur*",
      "defendeur*", "loi", "lois", "legal*", "juridique*", "statut*", "reglement*", "responsabilite*", "indemni*",
      "resiliation", "resilier", "les parties", "la partie", "obligation*", "droit*", "en vertu de", "conformement",
      "jugement*", "arret*", "recours", "avocat*", "notaire*", "propriete intellectuelle", "confidentiel*", "rgpd",
      "consentement", "licence*", "signataire*", "arbitrage", "litige*", "penal*", "ci-apres", "stipul*", "code civil",
      "prejudice*", "cour", "decret*", "mandat*", "ayant droit", "cedant*", "cessionnaire*", "avenant*",
    ],
    Medical: [
      "patient*", "clinique*", "diagnostic*", "symptome*", "traitement*", "therap*", "dose*", "posologie", "medicament*",
      "pharmac*", "comprime*", "gelule*", "mg", "ml", "medecin*", "infirmi*", "hopita*", "chirurgi*", "chronique*",
      "aigu*", "infection*", "inflammat*", "cardi*", "sang", "sanguin*", "tension arterielle", "renal*", "hepatique*",
      "effets indesirables", "effet indesirable", "effets secondaires", "contre-indica*", "ordonnance*", "vaccin*",
      "allergi*", "maladie*", "syndrome*", "douleur*", "fievre", "tumeur*", "oncolog*", "insuline", "diabet*",
      "grossesse", "enceinte", "sante", "urgence*", "prise de sang", "cholesterol", "asthme", "migraine*", "intraveineu*",
    ],
    Marketing: [
      "marque*", "remise*", "offre*", "solde*", "promo*", "exclusi*", "duree limitee", "boutique*", "achat*", "achetez",
      "livraison gratuite", "livraison offerte", "client*", "abonne*", "campagne*", "lancement*", "collection*", "coupon*",
      "nouveaute*", "premium", "decouvrez", "decouvre", "experience*", "incroyable*", "parfait*", "style*", "tendance*",
      "cible", "reseaux sociaux", "influenceu*", "fidelite", "recompense*", "inscrivez-vous", "rejoignez", "ne manquez pas",
      "depechez-vous", "economisez", "cadeau*", "garanti*", "prefere*", "marketing", "publicit*", "annonce*", "craquez",
    ],
    Technical: [
      "serveur*", "base de donnees", "bases de donnees", "api", "configur*", "install*", "deploiement*", "depot*",
      "fonction*", "parametre*", "variable*", "compil*", "debog*", "journal", "journaux", "cache", "requete*", "reponse*",
      "http", "json", "xml", "sql", "processeur", "memoire", "reseau*", "protocole*", "bande passante", "latence",
      "micrologiciel", "logiciel*", "materiel", "noyau", "pilote*", "mise a jour", "mises a jour", "version*", "bogue*",
      "erreur*", "exception*", "processus", "script*", "commande*", "terminal", "repertoire*", "fichier*", "dossier*",
      "module*", "bibliotheque*", "authentifi*", "chiffr*", "sauvegarde*", "tension", "capteur*", "appareil*",
      "interface*", "cliquez", "navigateur*", "redemarr*", "mot de passe", "utilisateur*",
    ],
    Finance: [
      "investiss*", "portefeuille*", "actif*", "dividende*", "chiffre d'affaires", "benefice*", "perte*", "resultat*",
      "ebitda", "fiscal*", "trimestr*", "bilan*", "flux de tresorerie", "tresorerie", "liquidite*", "taux d'interet",
      "inflation", "obligation*", "action*", "actionnaire*", "capitalisation", "valorisation*", "pret*", "credit*",
      "dette*", "hypothec*", "banque*", "bancaire*", "compte*", "paiement*", "facture*", "impot*", "tva", "audit*",
      "financ*", "capital", "fonds", "budget*", "depense*", "prevision*", "rendement*", "devise*", "taux de change",
      "euros", "dollars", "bourse", "marche*", "cotation*", "marge*", "cout*", "exercice",
    ],
  },
  tPronouns: ["tu", "toi", "te", "t", "ton", "ta", "tes", "tien*"],
  vPronouns: ["vous", "votre", "vos", "vôtre*"],
  formal: [
    "madame", "monsieur", "mesdames", "messieurs", "veuillez", "cordialement", "je vous prie", "nous vous prions",
    "salutations distinguees", "sentiments distingues", "conformement", "en vertu de", "ci-joint", "ci-apres",
    "par consequent", "neanmoins", "toutefois", "en outre", "de surcroit", "afin de", "nous avons le plaisir",
    "nous vous informons", "nous vous remercions", "je me permets", "suite a", "concernant", "s'agissant", "ledit", "ladite",
  ],
  informal: [
    "salut", "coucou", "ouais", "bah", "ben", "hein", "trop", "sympa", "super", "genial", "mec", "les gars", "les amis",
    "bisous", "a plus", "a+", "mdr", "lol", "truc", "trucs", "bref", "grave", "carrement", "kiffer", "kiffe", "boulot",
    "copain*", "copine*", "t'inquiete", "ca roule", "ca va", "chouette", "cool", "stp", "pote*",
  ],
  imperatives: [
    "cliquez", "clique", "appuyez", "appuie", "selectionnez", "selectionne", "ouvrez", "ouvre", "fermez", "ferme",
    "saisissez", "saisis", "executez", "installez", "installe", "redemarrez", "verifiez", "verifie", "assurez-vous",
    "achetez", "achete", "decouvrez", "decouvre", "essayez", "essaie", "rejoignez", "inscrivez-vous", "profitez", "profite",
    "economisez", "appelez", "contactez", "visitez", "lisez", "utilisez", "utilise", "ajoutez", "evitez", "prenez", "veuillez",
    "n'hesitez pas", "consultez",
  ],
  idioms: [
    "coup de main", "poser un lapin", "avoir le cafard", "mettre les pieds dans le plat", "coute les yeux de la tete",
    "couter les yeux de la tete", "c'est du gateau", "tomber dans les pommes", "avoir la peche", "casser les pieds",
    "quand les poules auront des dents", "mettre la main a la pate", "prendre la mouche", "les doigts dans le nez",
    "faire la grasse matinee", "avoir un poil dans la main", "il pleut des cordes", "en un clin d'oeil", "au pied de la lettre",
    "faire d'une pierre deux coups", "sur le meme longueur d'onde", "sur la meme longueur d'onde",
  ],
  cultureRefs: [
    "noel", "saint-sylvestre", "14 juillet", "paques", "toussaint", "galette des rois", "chandeleur", "tour de france",
    "baccalaureat", "bac", "securite sociale", "prefecture", "mairie", "apero", "rentree", "sncf", "caf", "smic",
  ],
  subordinators: [
    "que", "qui", "dont", "ou", "lequel", "laquelle", "lesquels", "quand", "lorsque", "puisque", "parce que", "bien que",
    "quoique", "si", "afin que", "pour que", "tandis que", "alors que", "avant que", "jusqu'a ce que", "a moins que",
  ],
};

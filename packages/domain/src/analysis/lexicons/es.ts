import { type Lexicon } from "./lexicon";

export const es: Lexicon = {
  domains: {
    Legal: [
      "contrato*", "clausula*", "acuerdo*", "arrendat*", "arrendador*", "tribunal*", "juzgado*", "demanda*", "demandante*",
      "demandado*", "jurisdiccion*", "ley", "leyes", "legal*", "estatut*", "reglament*", "normativa*", "responsabilidad*",
      "indemniza*", "incumplimiento*", "rescision*", "vigencia", "las partes", "la parte", "obligacion*", "derecho*",
      "en virtud de", "conforme a", "sentencia*", "recurso*", "abogad*", "notari*", "propiedad intelectual", "confidencial*",
      "rgpd", "consentimiento", "licencia*", "firmado", "suscrito*", "arbitraje", "litigio*", "penal*", "clausulas",
      "el presente", "otorga*", "estipula*", "dispuesto en", "codigo civil", "inquilino*", "fianza*", "plazo*",
    ],
    Medical: [
      "paciente*", "clinic*", "diagnostic*", "sintoma*", "tratamiento*", "terap*", "dosis", "medicament*", "farmac*",
      "comprimido*", "capsula*", "mg", "ml", "medico*", "enfermer*", "hospital*", "cirugia*", "quirurgic*", "cronic*",
      "agud*", "infeccion*", "inflamac*", "cardi*", "sangre", "sanguine*", "presion arterial", "renal", "hepatic*",
      "efectos adversos", "efecto secundario", "efectos secundarios", "contraindica*", "receta*", "vacuna*", "alergi*",
      "enfermedad*", "sindrome*", "dolor*", "fiebre", "tumor*", "oncolog*", "insulina", "diabet*", "embaraz*", "salud",
      "urgencia*", "analisis de sangre", "colesterol", "asma", "cefalea*", "intravenos*", "prescri*", "consulta medica",
    ],
    Marketing: [
      "marca*", "descuento*", "oferta*", "rebaja*", "promocion*", "exclusiv*", "tiempo limitado", "tienda*", "compra*",
      "envio gratis", "envio gratuito", "cliente*", "suscri*", "campana*", "lanzamiento*", "coleccion*", "cupon*",
      "novedad*", "premium", "descubre", "descubra", "experiencia*", "increible*", "perfect*", "estilo*", "tendencia*",
      "publico objetivo", "redes sociales", "influencer*", "fidelidad", "recompensa*", "registrate", "unete", "no te pierdas",
      "date prisa", "ahorra", "regalo*", "garantia*", "favorit*", "nuevo", "nueva", "marketing", "publicidad*", "anuncio*",
    ],
    Technical: [
      "servidor*", "base de datos", "bases de datos", "api", "configura*", "instala*", "despliegue*", "repositorio*",
      "funcion*", "parametro*", "variable*", "compila*", "depura*", "registro*", "cache", "consulta*", "solicitud*",
      "respuesta*", "http", "json", "xml", "sql", "cpu", "memoria", "red", "redes", "protocolo*", "ancho de banda",
      "latencia", "firmware", "software", "hardware", "kernel", "controlador*", "actualiza*", "version*", "error*",
      "excepcion*", "proceso*", "script*", "comando*", "terminal", "directorio*", "archivo*", "fichero*", "carpeta*",
      "complemento*", "modulo*", "biblioteca*", "autentica*", "cifra*", "copia de seguridad", "voltaje", "sensor*",
      "dispositivo*", "interfaz", "haga clic", "haz clic", "navegador*", "reinicia*", "contrasena*", "usuario*",
    ],
    Finance: [
      "inversion*", "invert*", "cartera*", "activo*", "dividendo*", "ingreso*", "beneficio*", "perdida*", "ganancia*",
      "ebitda", "fiscal*", "trimestr*", "balance", "flujo de caja", "liquidez", "tipo de interes", "tipos de interes",
      "inflacion", "bono*", "accion*", "accionista*", "capitalizacion", "valoracion*", "prestamo*", "credito*", "deuda*",
      "hipoteca*", "banco*", "bancari*", "cuenta*", "pago*", "factura*", "impuesto*", "iva", "auditor*", "financ*",
      "capital", "fondo*", "presupuesto*", "gasto*", "prevision*", "rentabilidad*", "divisa*", "tipo de cambio", "euros",
      "dolares", "bolsa", "mercado*", "cotiza*", "interanual", "margen", "coste*", "costo*", "tesoreria",
    ],
  },
  tPronouns: ["tu", "tú", "te", "ti", "contigo", "tus", "vos", "vosotros", "vosotras", "os", "vuestro*", "tuyo*"],
  vPronouns: ["usted", "ustedes", "ud", "uds", "vd", "vds"],
  formal: [
    "estimado", "estimada", "estimados", "atentamente", "cordialmente", "le saluda", "les saluda", "por la presente",
    "en virtud de", "conforme a", "de conformidad", "mediante", "asimismo", "no obstante", "por consiguiente", "por tanto",
    "dicho", "dicha", "el presente", "la presente", "solicitamos", "rogamos", "le rogamos", "le informamos",
    "nos complace", "agradeceriamos", "sirvase", "cabe senalar", "con respecto a", "en lo relativo a", "senor", "senora",
  ],
  informal: [
    "hola", "ey", "oye", "jaja", "jajaja", "guay", "vale", "tio", "tia", "mola", "chulo", "genial", "porfa", "flipar",
    "super", "un monton", "pasada", "que tal", "besos", "un abrazo", "nos vemos", "chicos", "chicas", "colega", "mogollon",
    "venga", "ya sabes", "o sea", "bueno", "pues", "xd", "q", "tb", "finde", "cole",
  ],
  imperatives: [
    "haga", "haz", "pulse", "pulsa", "seleccione", "selecciona", "abra", "abre", "cierre", "cierra", "introduzca",
    "introduce", "ejecute", "ejecuta", "instale", "instala", "reinicie", "reinicia", "compruebe", "comprueba", "asegurese",
    "asegurate", "compra", "compre", "descubre", "descubra", "prueba", "pruebe", "unete", "registrate", "suscribete",
    "aprovecha", "ahorra", "llama", "llame", "contacta", "visita", "visite", "lee", "lea", "usa", "use", "anade", "evite",
    "evita", "tome", "toma", "consulte", "consulta",
  ],
  idioms: [
    "pan comido", "tomar el pelo", "meter la pata", "estar en las nubes", "no tener pelos en la lengua", "echar una mano",
    "costar un ojo de la cara", "ser pan comido", "a otro perro con ese hueso", "llueve sobre mojado", "dar en el clavo",
    "matar dos pajaros", "ponerse las pilas", "estar hasta las narices", "tirar la casa por la ventana", "al pie de la letra",
    "de buenas a primeras", "en un abrir y cerrar de ojos", "ir al grano", "buscarle tres pies al gato", "por si las moscas",
  ],
  cultureRefs: [
    "navidad", "nochevieja", "reyes magos", "semana santa", "san fermin", "la liga", "el clasico", "tapas", "siesta",
    "dia de muertos", "quinceanera", "hacienda", "seguridad social", "el gordo", "feria de abril", "puente", "aguinaldo",
  ],
  subordinators: [
    "que", "cual", "cuales", "quien", "quienes", "cuyo", "cuya", "donde", "cuando", "mientras", "aunque", "porque",
    "puesto que", "ya que", "si", "a menos que", "siempre que", "para que", "de modo que", "hasta que", "antes de que",
  ],
};

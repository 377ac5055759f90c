import { type Lexicon } from "./lexicon";

export const pt: Lexicon = {
  domains: {
    Legal: [
      "contrato*", "clausula*", "acordo*", "locador*", "locatario*", "tribunal*", "juizo", "autor", "reu", "jurisdic*",
      "lei", "leis", "legal*", "juridic*", "estatut*", "regulament*", "responsabilidade*", "indeniza*", "rescisao",
      "inadimplemento", "as partes", "a parte", "obrigac*", "direito*", "nos termos", "conforme", "sentenca*", "recurso*",
      "advogad*", "cartorio*", "propriedade intelectual", "confidencia*", "lgpd", "rgpd", "consentimento", "licenca*",
      "assinad*", "arbitragem", "litigio*", "penal*", "codigo civil", "foro", "vigencia", "prazo*", "multa*", "clausulas",
      "contratante*", "contratad*", "doravante", "estipula*",
    ],
    Medical: [
      "paciente*", "clinic*", "diagnostic*", "sintoma*", "tratamento*", "terap*", "dose*", "posologia", "medicament*",
      "farmac*", "comprimido*", "capsula*", "mg", "ml", "medico*", "enfermeir*", "hospita*", "cirurgi*", "cronic*",
      "agud*", "infecc*", "infec*", "inflamac*", "cardi*", "sangue", "sanguine*", "pressao arterial", "renal", "hepatic*",
      "efeitos adversos", "efeitos colaterais", "efeito colateral", "contraindica*", "receita*", "vacina*", "alergi*",
      "doenca*", "sindrome*", "dor", "dores", "febre", "tumor*", "oncolog*", "insulina", "diabet*", "gravid*", "gestante*",
      "saude", "urgencia*", "emergencia*", "exame de sangue", "colesterol", "asma", "cefaleia*", "intravenos*",
    ],
    Marketing: [
      "marca*", "desconto*", "oferta*", "promoc*", "exclusiv*", "tempo limitado", "loja*", "compr*", "frete gratis",
      "envio gratis", "cliente*", "inscrev*", "assin*", "campanha*", "lancamento*", "colecao*", "cupom*", "cupao*",
      "novidade*", "premium", "descubra", "descobre", "experiencia*", "incrive*", "perfeit*", "estilo*", "tendencia*",
      "publico-alvo", "redes sociais", "influenciador*", "fidelidade", "recompensa*", "cadastre-se", "nao perca",
      "aproveite", "economize", "presente*", "garantia*", "favorit*", "marketing", "publicidade*", "anuncio*",
    ],
    Technical: [
      "servidor*", "banco de dados", "base de dados", "api", "configur*", "instal*", "implanta*", "repositorio*", "funcao",
      "funcoes", "parametro*", "variave*", "compil*", "depur*", "registro*", "cache", "consulta*", "requisic*", "resposta*",
      "http", "json", "xml", "sql", "processador*", "memoria", "rede", "redes", "protocolo*", "largura de banda",
      "latencia", "firmware", "software", "hardware", "kernel", "driver*", "atualiza*", "versao", "versoes", "erro*",
      "excec*", "processo*", "script*", "comando*", "terminal", "diretorio*", "arquivo*", "ficheiro*", "pasta*", "modulo*",
      "biblioteca*", "autentica*", "criptograf*", "backup*", "tensao", "sensor*", "dispositivo*", "interface*", "clique",
      "navegador*", "reinici*", "senha*", "usuario*", "utilizador*",
    ],
    Finance: [
      "investiment*", "invest*", "carteira*", "ativo*", "dividendo*", "receita*", "lucro*", "prejuizo*", "perda*", "ebitda",
      "fiscal*", "trimestr*", "balanco*", "fluxo de caixa", "liquidez", "taxa de juros", "juros", "inflacao", "titulo*",
      "acao", "acoes", "acionista*", "valor de mercado", "avaliac*", "emprestimo*", "credito*", "divida*", "hipoteca*",
      "banco*", "bancari*", "conta*", "pagamento*", "fatura*", "imposto*", "tributa*", "auditor*", "financ*", "capital",
      "fundo*", "orcamento*", "despesa*", "previs*", "rentabilidade*", "rendimento*", "moeda*", "cambio", "reais", "euros",
      "dolares", "bolsa", "mercado*", "cotac*", "margem", "custo*",
    ],
  },
  tPronouns: ["tu", "te", "ti", "contigo", "teu", "tua", "teus", "tuas", "voce", "voces", "vc", "vcs"],
  vPronouns: ["o senhor", "a senhora", "os senhores", "as senhoras", "vossa", "v.sa", "v. sa"],
  formal: [
    "prezado", "prezada", "prezados", "atenciosamente", "cordialmente", "respeitosamente", "pela presente", "nos termos",
    "conforme", "mediante", "outrossim", "ademais", "contudo", "todavia", "portanto", "por conseguinte", "solicitamos",
    "vimos por meio", "informamos que", "agradecemos", "servimo-nos", "no que tange", "no tocante", "referente", "senhor",
    "senhora", "doravante",
  ],
  informal: [
    "oi", "ola", "e ai", "valeu", "beleza", "galera", "cara", "tipo", "legal", "massa", "top", "demais", "bjs", "beijos",
    "abracos", "kkk", "kkkk", "rs", "haha", "pra", "pro", "ta", "to", "ne", "tchau", "ate mais", "gente", "gurizada", "mano",
    "bora", "show", "fixe", "malta", "pa",
  ],
  imperatives: [
    "clique", "pressione", "selecione", "abra", "feche", "digite", "insira", "execute", "instale", "reinicie", "verifique",
    "certifique-se", "compre", "descubra", "experimente", "aproveite", "cadastre-se", "inscreva-se", "assine", "economize",
    "ligue", "entre em contato", "visite", "leia", "use", "utilize", "adicione", "evite", "tome", "consulte", "garanta",
  ],
  idioms: [
    "chutar o balde", "pisar na bola", "enfiar o pe na jaca", "engolir sapos", "pagar o pato", "custar os olhos da cara",
    "custa os olhos da cara", "quebrar um galho", "dar com os burros n'agua", "tirar o cavalinho da chuva", "ao pe da letra",
    "de mao beijada", "matar dois coelhos", "tirar de letra", "num piscar de olhos", "meter o bedelho", "cair a ficha",
    "a ficha caiu", "fazer vista grossa", "pao pao, queijo queijo", "estar com a pulga atras da orelha",
  ],
  cultureRefs: [
    "natal", "reveillon", "carnaval", "pascoa", "festa junina", "sao joao", "brasileirao", "feijoada", "churrasco",
    "enem", "vestibular", "receita federal", "sus", "cpf", "pix", "santos populares", "fado", "13o salario", "decimo terceiro",
  ],
  subordinators: [
    "que", "qual", "quais", "quem", "cujo", "cuja", "onde", "quando", "enquanto", "embora", "porque", "pois", "ja que",
    "visto que", "se", "caso", "a menos que", "desde que", "para que", "ate que", "antes que", "conforme",
  ],
};

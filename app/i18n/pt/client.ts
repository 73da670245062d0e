// Portuguese (default) strings of the client area (app/i18n/areas.ts): the client's area (/client-
// dashboard) and the gift form on a profile. en/client.ts must have exactly the same keys: the
// type check fails otherwise. Placeholders in braces are filled by `format()`.
export const strings = {
  client: {
    metaTitle: 'Painel do cliente – Aprova',
    nav: {
      label: 'Seções da área do cliente',
      favorites: 'Favoritos',
      history: 'Vistos recentemente',
      reviews: 'Minhas avaliações',
      account: 'Minha conta',
      gifts: 'Presentes',
    },
    privacy: 'Só você vê estas listas. Os anunciantes nunca sabem quem os salvou ou visitou.',
    favoritesTitle: 'Seus favoritos',
    favoritesEmpty:
      'Você ainda não salvou nenhum perfil. Toque no coração de um perfil para guardá-lo aqui.',
    browse: 'Ver perfis',
    unavailable: 'Indisponível no momento',
    unavailableHint: 'Este perfil não está no ar agora. Ele volta a aparecer aqui quando voltar.',
    removedProfile: 'Perfil removido',
    removedHint: 'Um perfil que você salvou não existe mais.',
    remove: 'Remover',
    removeLabel: 'Remover {name} dos favoritos',
    removeRemovedLabel: 'Remover o perfil removido dos favoritos',
    savedOn: 'Salvo em {date}',
    removedDone: 'Removido dos favoritos.',
    deviceTitle: 'Favoritos salvos neste aparelho',
    deviceText: {
      one: 'Antes de entrar, você salvou {count} perfil neste aparelho. Quer guardá-lo na sua conta?',
      other:
        'Antes de entrar, você salvou {count} perfis neste aparelho. Quer guardá-los na sua conta?',
    },
    deviceImport: 'Guardar na minha conta',
    deviceDismiss: 'Agora não',
    deviceDone: 'Favoritos guardados na sua conta.',
    deviceSomeLeft:
      'Guardados na sua conta: {kept}. Fora do ar agora e por isso não guardados: {left}.',
    deviceNoneKept: 'Nenhum destes perfis está no ar agora: nada foi guardado na sua conta.',
    historyTitle: 'Vistos recentemente',
    historyText: {
      one: 'O último perfil que você abriu.',
      other: 'Os últimos {count} perfis que você abriu, do mais recente.',
    },
    historyEmpty: 'Nenhum perfil visto ainda.',
    historyOff: 'O histórico está desligado: os perfis que você abre não são guardados.',
    viewedOn: 'Visto em {date}',
    forgetLabel: 'Tirar {name} do histórico',
    forget: 'Tirar',
    clearHistory: 'Apagar o histórico',
    historyCleared: 'Histórico apagado.',
    keepHistory: 'Guardar os perfis que eu abrir',
    historyOnSaved: 'O histórico está ligado.',
    historyOffSaved: 'Histórico desligado e apagado.',
    saveSetting: 'Salvar preferência',
    detailsTitle: 'Seu perfil de cliente',
    detailsText:
      'Seu nome de exibição e o que você conta sobre você. Os anunciantes não veem estes dados.',
    detailsSubmit: 'Salvar',
    detailsSaved: 'Dados salvos.',
    submitting: 'Enviando…',
  },
  // Gifts (issue 22 point 1): the form on a profile, his list and his charge pages.
  // The client's own reviews (/client-dashboard/reviews, issue 33 point 8).
  clientReviews: {
    title: 'Minhas avaliações',
    intro:
      'As avaliações que você escreveu, com a situação de cada uma. Você pode editar uma avaliação por {editDays} dias depois de escrevê-la, ou retirá-la quando quiser.',
    empty:
      'Você ainda não escreveu nenhuma avaliação. Depois de um contato pelo site, o perfil tem um link para avaliar.',
    of: 'Avaliação de {name}',
    profileOffline: '{name} (perfil fora do ar)',
    writtenOn: 'Escrita em {date}',
    editedOn: 'editada em {date}',
    photosMatch: 'As fotos correspondem',
    photosDiffer: 'As fotos não correspondem',
    quotable: 'Pode ser citada na página inicial',
    status: {
      published: 'Publicada',
      pending: 'Em análise pela equipe',
      hidden: 'Ocultada pela equipe',
    },
    statusText: {
      published: 'Aparece no perfil.',
      pending: 'A equipe vai olhar antes de publicá-la no perfil.',
      hidden: 'Não aparece no perfil.',
    },
    hiddenFor: 'Motivo da equipe: {reason}.',
    hiddenReasons: {
      fake: 'não parece um atendimento real',
      offensive: 'linguagem ofensiva',
      personal_data: 'expõe dados pessoais de alguém',
      contact_data: 'traz telefone, perfil ou outro dado de contato',
      explicit: 'traz termos sexuais explícitos',
      other: 'desrespeita as regras do site',
    },
    reply: 'Resposta de {name}',
    editSummary: 'Editar avaliação',
    editUntil: 'Você pode editar até {date}.',
    editRules:
      'O texto novo passa pelas mesmas regras de uma avaliação nova. Se precisar de análise, ela sai do perfil até a equipe olhar. Se tiver sido escolhida como depoimento, deixa de ser.',
    editSubmit: 'Salvar alterações',
    editSubmitting: 'Salvando…',
    notEditable: {
      hidden: 'Uma avaliação ocultada pela equipe não pode ser editada. Você ainda pode retirá-la.',
      replied:
        'A anunciante já respondeu: a avaliação não pode mais ser editada, para a resposta continuar fazendo sentido. Você ainda pode retirá-la.',
      too_old:
        'Avaliações podem ser editadas até {editDays} dias depois de escritas. Você ainda pode retirá-la.',
    },
    withdrawSummary: 'Retirar avaliação',
    withdrawText:
      'A avaliação sai do perfil, a nota do perfil é recalculada e a resposta da anunciante some junto. Isto não pode ser desfeito, e você só poderá avaliar este perfil de novo a partir de {date}.',
    withdrawConfirm: 'Sim, retirar a avaliação',
    withdrawing: 'Retirando…',
    edited: 'Avaliação alterada e publicada.',
    editedPending: 'Avaliação alterada. A equipe vai olhar antes de publicá-la de novo.',
    withdrawn: 'Avaliação retirada do perfil.',
    refused: {
      notFound: 'Esta avaliação não existe mais.',
      hidden: 'Uma avaliação ocultada pela equipe não pode ser editada.',
      replied: 'A anunciante já respondeu: a avaliação não pode mais ser editada.',
      too_old: 'O prazo para editar esta avaliação terminou.',
    },
  },
  clientGifts: {
    metaTitle: 'Presente para {name}',
    title: 'Enviar um presente para {name}',
    intro:
      'Um presente é um valor que você envia por vontade própria. Não é pagamento por encontro nem sinal, e não cria obrigação para quem recebe.',
    refusals: {
      signedOut: {
        title: 'Entre como cliente para enviar um presente',
        text: 'Presentes são enviados por clientes com conta no Aprova.',
      },
      notClient: {
        title: 'Só clientes enviam presentes',
        text: 'Contas de anunciante e da equipe não enviam presentes.',
      },
      notGiftable: {
        title: 'Este perfil não recebe presentes',
        text: 'Só perfis com a identidade verificada pela equipe recebem presentes.',
      },
    },
    login: 'Entrar como cliente',
    signup: 'Criar conta de cliente',
    capLeft: 'Você ainda pode enviar {left} em presentes. O limite é {cap} a cada {days} dias.',
    capReached: 'Você chegou ao limite de {cap} em presentes a cada {days} dias.',
    capGrows: 'Você poderá enviar de novo a partir de {date}.',
    amountLegend: 'Valor do presente',
    otherAmount: 'Outro valor',
    otherAmountLabel: 'Outro valor, em reais',
    amountHint: 'De {min} a {max}.',
    message: 'Mensagem (opcional)',
    messageHint:
      'Ela vê seu nome de exibição e esta mensagem. Sem telefone, links, valores ou termos explícitos.',
    stepsTitle: 'Como funciona',
    stepPix: 'Você paga por Pix. O código vale {minutes} minutos.',
    stepDelivery: {
      one: 'Ela recebe o presente {count} dia útil depois do pagamento e é avisada por e-mail.',
      other: 'Ela recebe o presente {count} dias úteis depois do pagamento e é avisada por e-mail.',
    },
    stepWholeGift:
      'O presente chega inteiro ao saldo dela. O Aprova fica só com a tarifa de saque, de {percent}% do valor sacado (no mínimo {minFee}), quando ela saca.',
    stepNoRefund:
      'Depois de entregue, o presente não é devolvido. Só a equipe pode devolver um pagamento, em casos excepcionais.',
    termsLink: 'Regras dos presentes nos termos de uso',
    submit: 'Continuar para o Pix',
    submitting: 'Gerando o Pix…',
    backToProfile: 'Voltar ao perfil',
    errors: {
      off: {
        title: 'Presentes indisponíveis',
        text: 'O envio de presentes não está disponível agora.',
      },
      notClient: {
        title: 'Só clientes enviam presentes',
        text: 'Entre com uma conta de cliente para enviar um presente.',
      },
      notGiftable: {
        title: 'Este perfil não recebe presentes agora',
        text: 'O perfil saiu do ar ou deixou de estar verificado. Nada foi cobrado.',
      },
      amount: { title: 'Valor fora dos limites', text: 'O presente vai de {min} a {max}.' },
      cap: {
        title: 'Acima do seu limite de {days} dias',
        text: 'Você ainda pode enviar {left} em presentes. Escolha um valor menor.',
      },
      perDay: {
        title: 'Muitos presentes hoje',
        text: 'Você já começou {count} presentes nas últimas 24 horas. Tente de novo amanhã.',
      },
      unavailable: {
        title: 'Não foi possível gerar o Pix agora',
        text: 'Nada foi cobrado. Tente de novo em alguns minutos.',
      },
    },
    listTitle: 'Seus presentes',
    listText:
      'Do mais recente ao mais antigo. Quem recebe um presente vê seu nome de exibição e sua mensagem.',
    listEmpty:
      'Você ainda não enviou nenhum presente. Para enviar, abra o perfil de uma anunciante verificada e toque em “Enviar presente”.',
    listLimit: 'Mostrando os últimos {count}. A cópia dos seus dados tem todos.',
    profileGone: 'Perfil fora do ar',
    profileRemoved: 'Perfil removido',
    status: {
      awaiting_payment: 'Aguardando o Pix',
      unpaid: 'Não pago: o Pix expirou',
      pending: 'A caminho: ela recebe em {date}',
      available: 'Entregue em {date}',
      refunded: 'Devolvido a você',
    },
    startedOn: 'Começado em {date}',
    paidOn: 'Pago em {date}',
    yourMessage: 'Sua mensagem: “{message}”',
    pay: 'Pagar o Pix',
    seeCharge: 'Ver o pagamento',
    receipt: 'Ver o recibo',
    forGift: 'Presente para {name}',
    forGiftGone: 'Presente',
    paidTitle: 'Presente enviado',
    paidPending: '{name} recebe o presente em {date}.',
    paidAvailable: '{name} já recebeu o presente.',
    again: 'Enviar outro presente',
    back: 'Ver meus presentes',
  },
}

export type Strings = typeof strings

// Portuguese (default) strings of the server area (app/i18n/areas.ts): what only the server uses
// (the e-mails). The browser never loads it. en/server.ts must have exactly the same keys: the type
// check fails otherwise. Placeholders in braces are filled by `format()`.
export const strings = {
  email: {
    blockedSubject: 'Cadastro de anunciante no Aprova',
    blockedText:
      'Recebemos um pedido de cadastro de anunciante com este endereço, mas ele não pode ser usado para anunciar no Aprova, conforme os termos de uso. Nenhuma conta foi criada.',
    blockedAction: 'Ler os termos de uso',
    greeting: 'Olá, {name}!',
    /** Issue 30: to an address nobody has confirmed, no name anyone typed. */
    greetingNoName: 'Olá,',
    footer:
      'Você recebeu esta mensagem porque este endereço foi usado no Aprova. Se não foi você, ignore este e-mail.',
    verifySubject: 'Confirme seu e-mail no Aprova',
    verifyText:
      'Para ativar sua conta, confirme seu endereço de e-mail pelo link abaixo (vale por 24 horas). Se você não fez este cadastro, ignore este e-mail: a conta é apagada em 7 dias.',
    verifyAction: 'Confirmar e-mail',
    resetSubject: 'Redefinição de senha no Aprova',
    resetText:
      'Recebemos um pedido para redefinir a senha da sua conta. O link vale por 1 hora e só pode ser usado uma vez.',
    resetAction: 'Criar nova senha',
    linkHint: 'Se o botão não funcionar, copie e cole este endereço no navegador:',
    renewSubject: 'Sua verificação no Aprova vence em breve',
    renewText:
      'A verificação de identidade vale 6 meses e a sua vence em 15 dias. Envie novos documentos pelo painel para o seu perfil continuar no ar.',
    renewAction: 'Enviar documentos',
    changeSubject: 'Confirme seu novo e-mail no Aprova',
    changeText:
      'Para usar este endereço na sua conta do Aprova, confirme pelo link abaixo. Até lá, o endereço antigo continua valendo.',
    changeAction: 'Confirmar novo e-mail',
    changeNoticeSubject: 'O e-mail da sua conta no Aprova vai mudar',
    changeNoticeText:
      'Recebemos um pedido para trocar o e-mail da sua conta no Aprova para {newEmail}. Se foi você, não precisa fazer nada. Se não foi, proteja sua conta pelo link abaixo: ele cancela a troca, encerra todas as sessões abertas e mantém a conta neste endereço; para criar uma nova senha, será pedida a senha atual ou um código do aplicativo autenticador. O link vale por {days} dias e só pode ser usado uma vez.',
    changeNoticeAction: 'Proteger minha conta',
    newDeviceSubject: 'Novo acesso à sua conta no Aprova',
    newDeviceText:
      'Sua conta no Aprova foi acessada de um aparelho novo: {device}, {place}, em {date} (horário de Brasília). Se foi você, não precisa fazer nada. Se não foi, troque sua senha e encerre as sessões que você não reconhece na página de segurança da conta.',
    newDeviceAction: 'Ver os aparelhos conectados',
    newDevicePlaceUnknown: 'local desconhecido',
    failedSignInsSubject: 'Tentativas de entrar na sua conta do Aprova',
    failedSignInsText:
      'Nos últimos {minutes} minutos, alguém errou a senha da sua conta no Aprova {count} vezes. Quem erra tem de esperar cada vez mais e depois é bloqueado; você continua entrando normalmente. Se não foi você, use uma senha longa que não use em nenhum outro lugar e ative a verificação em duas etapas na página de segurança da conta.',
    failedSignInsAction: 'Abrir a página de segurança',
    // Issue 33 point 11: the owner is told of each change to how the account is protected, with
    // when (Brasília time), from which device and place, and what to do if it was not her. None
    // carries a password or a code.
    twoFactorOnSubject: 'Verificação em duas etapas ativada na sua conta do Aprova',
    twoFactorOnText:
      'A verificação em duas etapas foi ativada na sua conta do Aprova em {date} (horário de Brasília), de {device}, {place}. Agora, ao entrar, pedimos também um código do aplicativo autenticador ou um código de recuperação. Se foi você, não precisa fazer nada. Se não foi, alguém sabe sua senha e pôs o aparelho dele na sua conta: escreva já para {support} e troque sua senha.',
    twoFactorOffSubject: 'Verificação em duas etapas desativada na sua conta do Aprova',
    twoFactorOffText:
      'A verificação em duas etapas foi desativada na sua conta do Aprova em {date} (horário de Brasília), de {device}, {place}. Agora só a senha protege sua conta. Se foi você, não precisa fazer nada. Se não foi, alguém sabe sua senha e está com sua conta aberta: troque a senha, encerre os aparelhos que você não reconhece na página de segurança e ative a verificação de novo.',
    backupCodeUsedSubject: 'Um código de recuperação foi usado na sua conta do Aprova',
    backupCodeUsedText:
      'Um código de recuperação foi usado para entrar ou confirmar que é você na sua conta do Aprova em {date} (horário de Brasília), de {device}, {place}. {left} Cada código vale uma vez; gere novos na página de segurança quando estiverem acabando. Se não foi você, alguém sabe sua senha e tem seus códigos: troque a senha, gere novos códigos (os antigos deixam de valer) e encerre os aparelhos que você não reconhece.',
    backupCodesLeft: {
      one: 'Resta {count} código de recuperação.',
      other: 'Restam {count} códigos de recuperação.',
    },
    backupCodesNoneLeft: 'Não resta nenhum código de recuperação.',
    backupCodesRenewedSubject: 'Novos códigos de recuperação na sua conta do Aprova',
    backupCodesRenewedText:
      'Novos códigos de recuperação foram gerados para a sua conta do Aprova em {date} (horário de Brasília), de {device}, {place}; os anteriores não valem mais. Se foi você, não precisa fazer nada. Se não foi, alguém sabe sua senha e está com sua conta aberta: troque a senha, gere novos códigos e encerre os aparelhos que você não reconhece na página de segurança.',
    securityPageAction: 'Abrir a página de segurança',
    passwordChangedSubject: 'A senha da sua conta do Aprova foi trocada',
    passwordChangedText:
      'A senha da sua conta do Aprova foi trocada em {date} (horário de Brasília), de {device}, {place}, e as outras sessões foram encerradas. Se foi você, não precisa fazer nada. Se não foi, peça agora uma nova senha pelo link abaixo (ela chega a este endereço) e, depois de entrar, encerre os aparelhos que você não reconhece na página de segurança.',
    passwordResetSubject: 'A senha da sua conta do Aprova foi redefinida',
    passwordResetText:
      'A senha da sua conta do Aprova foi redefinida em {date} (horário de Brasília), de {device}, {place}, com um link enviado a este endereço, e todas as sessões foram encerradas. Se foi você, não precisa fazer nada. Se não foi, alguém abriu este e-mail: troque a senha do seu e-mail e depois peça uma nova senha do Aprova pelo link abaixo.',
    newPasswordAction: 'Pedir uma nova senha',
    securedSubject: 'A troca de e-mail da sua conta no Aprova foi cancelada',
    securedText:
      'O link de proteção enviado ao endereço anterior da sua conta foi usado: a troca para este endereço foi cancelada e todas as sessões foram encerradas. Se foi você, não precisa fazer nada. Se não foi (por exemplo, porque o endereço anterior não é mais seu), entre com sua senha e troque o e-mail de novo: por {days} dias o endereço anterior não pode desfazer a troca nem redefinir sua senha. Em caso de dúvida, escreva para {support}.',
    securedAction: 'Entrar no Aprova',
    resetHeldText:
      'Recebemos um pedido para redefinir a senha da conta deste endereço. Ele voltou a ser o e-mail da conta há menos de {days} dias pelo link de proteção, sem a senha nem o segundo fator da conta; por segurança, até lá a senha não pode ser redefinida por e-mail. Se a conta é sua, entre com a senha atual ou escreva para {support}.',
    changeNoticeHeldText:
      'Recebemos um pedido para trocar o e-mail da sua conta no Aprova para {newEmail}. Este endereço voltou a ser o da conta há menos de {days} dias pelo link de proteção, sem a senha nem o segundo fator da conta, e por isso não pode desfazer a troca. Se a conta é sua e você não pediu a troca, escreva para {support}.',
    changeNoticeHeldAction: 'Escrever para a equipe',
    existingSubject: 'Tentativa de cadastro no Aprova',
    existingText:
      'Alguém tentou criar uma nova conta no Aprova com este endereço. Se foi você, entre com sua senha ou peça uma nova na tela de login. Se não foi, ignore esta mensagem: nada mudou na sua conta.',
    existingAction: 'Entrar no Aprova',
    decisionReason: 'Motivo: {reason}',
    approvedSubject: 'Seu perfil no Aprova foi aprovado',
    approvedText:
      'A equipe conferiu seus documentos e aprovou seu perfil. Ele já aparece no site. A verificação vale 6 meses; avisaremos antes de vencer.',
    approvedAction: 'Abrir meu painel',
    rejectedSubject: 'Sua verificação no Aprova não foi aprovada',
    rejectedText:
      'A equipe não pôde aprovar a verificação de identidade enviada. Os documentos já foram apagados. Corrija o que foi apontado e envie de novo pelo painel.',
    rejectedAction: 'Ver o que corrigir',
    changesApprovedSubject: 'Suas alterações no Aprova foram aprovadas',
    changesApprovedText:
      'A equipe aprovou o novo nome e as novas fotos do seu perfil. Eles já estão no ar.',
    changesRejectedSubject: 'Suas alterações no Aprova não foram aprovadas',
    changesRejectedText:
      'A equipe não aprovou o novo nome ou as novas fotos do seu perfil. A versão aprovada continua no ar.',
    suspendedSubject: 'Seu perfil no Aprova foi suspenso',
    suspendedText:
      'Seu perfil está fora do ar até {date}. {feeText} Enquanto ele estiver suspenso, os dias do seu plano pago ficam parados: o fim do plano é adiado pelo tempo da suspensão. Você pode contestar a decisão pelo suporte.',
    suspendedFee: {
      plan: 'Para reativar o anúncio, é cobrada uma taxa de retorno de {fee} ({days} dias × {daily}).',
      team: 'Para reativar o anúncio, é cobrada uma taxa de retorno de {fee}, definida pela equipe.',
      none: 'Não há taxa de retorno: o perfil volta ao ar quando a suspensão terminar.',
    },
    bannedSubject: 'Seu perfil no Aprova foi banido',
    bannedText:
      'Seu perfil foi removido de forma permanente, conforme os termos de uso. Você pode contestar a decisão pelo suporte.',
    hiddenSubject: 'Seu perfil no Aprova foi ocultado',
    hiddenText:
      'A equipe ocultou seu perfil enquanto analisa uma questão. Ele não aparece no site até a situação ser resolvida.',
    reportHiddenText:
      'Uma denúncia sobre o seu perfil o ocultou automaticamente, como acontece com toda denúncia desse tipo. A equipe ainda não tomou nenhuma decisão: ela analisa a denúncia e avisa você por e-mail do resultado.',
    restoredSubject: 'Seu perfil no Aprova voltou ao ar',
    restoredText: 'A equipe reativou seu perfil.',
    newReviewSubject: 'Nova avaliação do seu perfil',
    newReviewText:
      'Uma pessoa que entrou em contato pelo site avaliou seu perfil com {rating} de 5 estrelas. Você pode responder uma vez, publicamente, ou denunciar a avaliação à equipe se ela desrespeitar as regras.',
    newReviewAction: 'Ver avaliações',
    planReceiptSubject: 'Recibo: plano {tier}',
    planReceiptText:
      'Recebemos seu Pix de {amount} em {paidAt}. Seu plano {tier} está ativo até {date}.',
    returnFeeReceiptSubject: 'Recibo: taxa de retorno',
    returnFeeReceiptText:
      'Recebemos seu Pix de {amount} em {paidAt}, a taxa de retorno do seu perfil. Ele volta ao ar quando a suspensão terminar.',
    planReminderSubject: 'Seu plano termina em 3 dias',
    planReminderText:
      'Seu plano {tier} termina em {date}. Depois disso o perfil volta ao plano Gratuito. Você pode renovar pelo painel, com Pix.',
    planRenewAction: 'Renovar plano',
    refundedSubject: 'Seu Pix foi devolvido',
    refundedTexts: {
      team: 'A equipe do Aprova devolveu seu Pix de {amount}, pago em {paidAt}. Motivo: {reason}. O valor volta para a conta de onde saiu.',
      already_paid:
        'Devolvemos um Pix de {amount}: a cobrança que ele pagava já estava paga. O valor volta para a conta de onde saiu; nada mudou no que você já tinha pago.',
      amount_mismatch:
        'Devolvemos um Pix de {amount}: o valor não era o da cobrança ({charged}), e nada foi creditado. O valor volta para a conta de onde saiu; gere uma nova cobrança no painel para pagar.',
      charge_expired:
        'Devolvemos um Pix de {amount}: ele chegou depois que a cobrança tinha vencido, e nada foi creditado. O valor volta para a conta de onde saiu; gere uma nova cobrança no painel para pagar.',
      unknown_charge:
        'Devolvemos um Pix de {amount}: não conseguimos usá-lo para o que ele pagava (o perfil não estava mais em condições de receber o plano), e nada foi creditado. O valor volta para a conta de onde saiu.',
      gift_cap:
        'Devolvemos um Pix de {amount}: o presente passaria do limite de presentes pagos em 14 dias, e não foi entregue. O valor volta para a conta de onde saiu.',
    },
    refundedPlan: {
      taken:
        'Os dias de plano pagos com esse Pix foram retirados: seu plano {planTier} agora termina em {planDate}.',
      free: 'Os dias de plano pagos com esse Pix foram retirados: seu perfil voltou ao plano Gratuito.',
      kept: 'Seu plano {planTier} continua ativo até {planDate}.',
    },
    giftReceivedSubject: 'Você recebeu um presente de {amount}',
    giftReceivedText:
      '{client} enviou um presente de {amount} pelo Aprova. Ele fica disponível para saque em {date} (1 dia útil).',
    giftMessage: 'Mensagem: “{message}”',
    giftReceivedAction: 'Ver presentes',
    giftReceiptSubject: 'Recibo: presente para {profile}',
    giftReceiptText:
      'Recebemos seu Pix de {amount} em {paidAt}: o presente para {profile} foi entregue e chega inteiro ao saldo dela. O Aprova fica só com a tarifa de saque ({percent}% do valor sacado, no mínimo {minFee}) quando ela saca.',
    giftReceiptAction: 'Ver meus presentes',
    giftRefundedSubject: 'Seu presente para {profile} foi devolvido',
    giftRefundedText:
      'A equipe do Aprova devolveu seu presente de {amount} para {profile}, pago em {paidAt}. O valor volta para a conta de onde saiu o Pix.',
    receiptReference: 'Identificador da cobrança: {txid}',
    receiptSeller: 'Vendedor: {seller}, CNPJ {taxId}',
    receiptAction: 'Ver o recibo',
    planAction: 'Ver pagamentos',
    minorReportSubject: 'Denúncia urgente: suspeita de menor de idade',
    minorReportText:
      'Um perfil foi ocultado depois de uma denúncia de suspeita de menor de idade: {profile}. Ele fica fora do ar até um administrador encerrar a denúncia.',
    minorReportNotHiddenText:
      'Uma denúncia de suspeita de menor de idade chegou sobre {profile}. O perfil continua no ar: o limite de ocultações automáticas foi atingido. Analise agora.',
    minorReportAction: 'Abrir as denúncias',
    dashboardAction: 'Abrir meu painel',
    payoutPaidSubject: 'Seu saque de {net} foi pago',
    payoutPaidText:
      'O Pix do seu saque foi pago em {date}: {net} na sua chave {key} ({amount} do seu saldo, menos a tarifa de {fee}).',
    payoutFailedSubject: 'Seu saque de {amount} não foi pago',
    payoutFailedText:
      'O banco não concluiu o Pix do seu saque de {amount} para a chave {key}. O valor inteiro voltou ao seu saldo disponível, e nenhuma tarifa foi cobrada. Você pode pedir o saque de novo pelo painel.',
    payoutFailureReason: 'Motivo informado pelo banco: {reason}',
    payoutAction: 'Ver presentes e saques',
  },
}

export type Strings = typeof strings

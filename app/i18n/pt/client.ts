// Portuguese (default) strings of the client area (app/i18n/areas.ts): the client's area (/client-
// dashboard). en/client.ts must have exactly the same keys: the type check fails otherwise.
// Placeholders in braces are filled by `format()`.
export const strings = {
  client: {
    metaTitle: 'Painel do cliente – Aprova',
    nav: {
      label: 'Seções da área do cliente',
      favorites: 'Favoritos',
      history: 'Vistos recentemente',
      account: 'Minha conta',
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
}

export type Strings = typeof strings

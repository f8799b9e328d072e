import type { Locale } from '@member/domain';

/** Text of the sandbox's hosted payment page, in the product's 8 languages. */
export interface HostedPageStrings {
  title: string;
  heading: string;
  amountDue: string;
  cardNumber: string;
  expiry: string;
  expiryHint: string;
  cvc: string;
  nameOnCard: string;
  pay: string;
  cancel: string;
  testMode: string;
  paymentFailed: string;
  declined: string;
  expiredCard: string;
  invalidNumber: string;
  invalidExpiry: string;
  expired: string;
  invalidCvc: string;
  closed: string;
  backToSite: string;
  secured: string;
}

export const HOSTED_PAGE_STRINGS: Record<Locale, HostedPageStrings> = {
  'en-us': {
    title: 'Secure payment',
    heading: 'Pay securely',
    amountDue: 'Amount due',
    cardNumber: 'Card number',
    expiry: 'Expiry date',
    expiryHint: 'MM/YY',
    cvc: 'Security code (CVC)',
    nameOnCard: 'Name on card',
    pay: 'Pay {amount}',
    cancel: 'Cancel and return',
    testMode:
      'Test mode: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 0069 is an expired card.',
    paymentFailed: 'Payment failed.',
    declined: 'Your card was declined. Try another card.',
    expiredCard: 'Your card has expired. Try another card.',
    invalidNumber: 'Enter a valid card number.',
    invalidExpiry: 'Enter the expiry date as MM/YY.',
    expired: 'This card has expired.',
    invalidCvc: 'Enter the security code on the back of the card.',
    closed: 'This payment page is closed. Return to the site to start again.',
    backToSite: 'Return to the site',
    secured: 'Card details are sent only to the payment provider.',
  },
  'fr-ca': {
    title: 'Paiement sécurisé',
    heading: 'Payer en toute sécurité',
    amountDue: 'Montant dû',
    cardNumber: 'Numéro de carte',
    expiry: 'Date d’expiration',
    expiryHint: 'MM/AA',
    cvc: 'Code de sécurité (CVC)',
    nameOnCard: 'Nom sur la carte',
    pay: 'Payer {amount}',
    cancel: 'Annuler et revenir',
    testMode:
      'Mode test\u00a0: 4242 4242 4242 4242 est accepté, 4000 0000 0000 0002 est refusé, 4000 0000 0000 0069 est une carte expirée.',
    paymentFailed: 'Le paiement a échoué.',
    declined: 'Votre carte a été refusée. Essayez une autre carte.',
    expiredCard: 'Votre carte est expirée. Essayez une autre carte.',
    invalidNumber: 'Entrez un numéro de carte valide.',
    invalidExpiry: 'Entrez la date d’expiration au format MM/AA.',
    expired: 'Cette carte est expirée.',
    invalidCvc: 'Entrez le code de sécurité au dos de la carte.',
    closed: 'Cette page de paiement est fermée. Revenez sur le site pour recommencer.',
    backToSite: 'Revenir sur le site',
    secured: 'Les données de carte ne sont envoyées qu’au prestataire de paiement.',
  },
  'de-de': {
    title: 'Sichere Zahlung',
    heading: 'Sicher bezahlen',
    amountDue: 'Fälliger Betrag',
    cardNumber: 'Kartennummer',
    expiry: 'Ablaufdatum',
    expiryHint: 'MM/JJ',
    cvc: 'Sicherheitscode (CVC)',
    nameOnCard: 'Name auf der Karte',
    pay: '{amount} bezahlen',
    cancel: 'Abbrechen und zurück',
    testMode:
      'Testmodus: 4242 4242 4242 4242 wird angenommen, 4000 0000 0000 0002 wird abgelehnt, 4000 0000 0000 0069 ist eine abgelaufene Karte.',
    paymentFailed: 'Zahlung fehlgeschlagen.',
    declined: 'Ihre Karte wurde abgelehnt. Versuchen Sie eine andere Karte.',
    expiredCard: 'Ihre Karte ist abgelaufen. Versuchen Sie eine andere Karte.',
    invalidNumber: 'Geben Sie eine gültige Kartennummer ein.',
    invalidExpiry: 'Geben Sie das Ablaufdatum als MM/JJ ein.',
    expired: 'Diese Karte ist abgelaufen.',
    invalidCvc: 'Geben Sie den Sicherheitscode von der Kartenrückseite ein.',
    closed: 'Diese Zahlungsseite ist geschlossen. Kehren Sie zur Website zurück, um neu zu beginnen.',
    backToSite: 'Zurück zur Website',
    secured: 'Kartendaten gehen nur an den Zahlungsanbieter.',
  },
  'it-it': {
    title: 'Pagamento sicuro',
    heading: 'Paga in modo sicuro',
    amountDue: 'Importo dovuto',
    cardNumber: 'Numero della carta',
    expiry: 'Data di scadenza',
    expiryHint: 'MM/AA',
    cvc: 'Codice di sicurezza (CVC)',
    nameOnCard: 'Nome sulla carta',
    pay: 'Paga {amount}',
    cancel: 'Annulla e torna indietro',
    testMode:
      'Modalità di prova: 4242 4242 4242 4242 va a buon fine, 4000 0000 0000 0002 viene rifiutata, 4000 0000 0000 0069 è una carta scaduta.',
    paymentFailed: 'Pagamento non riuscito.',
    declined: 'La carta è stata rifiutata. Prova con un’altra carta.',
    expiredCard: 'La carta è scaduta. Prova con un’altra carta.',
    invalidNumber: 'Inserisci un numero di carta valido.',
    invalidExpiry: 'Inserisci la data di scadenza come MM/AA.',
    expired: 'Questa carta è scaduta.',
    invalidCvc: 'Inserisci il codice di sicurezza sul retro della carta.',
    closed: 'Questa pagina di pagamento è chiusa. Torna al sito per ricominciare.',
    backToSite: 'Torna al sito',
    secured: 'I dati della carta vengono inviati solo al fornitore dei pagamenti.',
  },
  'pt-pt': {
    title: 'Pagamento seguro',
    heading: 'Pagar em segurança',
    amountDue: 'Montante a pagar',
    cardNumber: 'Número do cartão',
    expiry: 'Data de validade',
    expiryHint: 'MM/AA',
    cvc: 'Código de segurança (CVC)',
    nameOnCard: 'Nome no cartão',
    pay: 'Pagar {amount}',
    cancel: 'Cancelar e voltar',
    testMode:
      'Modo de teste: 4242 4242 4242 4242 é aceite, 4000 0000 0000 0002 é recusado, 4000 0000 0000 0069 é um cartão expirado.',
    paymentFailed: 'O pagamento falhou.',
    declined: 'O seu cartão foi recusado. Experimente outro cartão.',
    expiredCard: 'O seu cartão expirou. Experimente outro cartão.',
    invalidNumber: 'Introduza um número de cartão válido.',
    invalidExpiry: 'Introduza a data de validade como MM/AA.',
    expired: 'Este cartão expirou.',
    invalidCvc: 'Introduza o código de segurança no verso do cartão.',
    closed: 'Esta página de pagamento está fechada. Volte ao site para recomeçar.',
    backToSite: 'Voltar ao site',
    secured: 'Os dados do cartão são enviados apenas ao fornecedor de pagamentos.',
  },
  'es-es': {
    title: 'Pago seguro',
    heading: 'Paga de forma segura',
    amountDue: 'Importe a pagar',
    cardNumber: 'Número de tarjeta',
    expiry: 'Fecha de caducidad',
    expiryHint: 'MM/AA',
    cvc: 'Código de seguridad (CVC)',
    nameOnCard: 'Nombre en la tarjeta',
    pay: 'Pagar {amount}',
    cancel: 'Cancelar y volver',
    testMode:
      'Modo de prueba: 4242 4242 4242 4242 se acepta, 4000 0000 0000 0002 se rechaza, 4000 0000 0000 0069 es una tarjeta caducada.',
    paymentFailed: 'El pago ha fallado.',
    declined: 'Tu tarjeta ha sido rechazada. Prueba con otra tarjeta.',
    expiredCard: 'Tu tarjeta ha caducado. Prueba con otra tarjeta.',
    invalidNumber: 'Introduce un número de tarjeta válido.',
    invalidExpiry: 'Introduce la fecha de caducidad como MM/AA.',
    expired: 'Esta tarjeta ha caducado.',
    invalidCvc: 'Introduce el código de seguridad del reverso de la tarjeta.',
    closed: 'Esta página de pago está cerrada. Vuelve al sitio para empezar de nuevo.',
    backToSite: 'Volver al sitio',
    secured: 'Los datos de la tarjeta solo se envían al proveedor de pagos.',
  },
  'ja-jp': {
    title: '安全なお支払い',
    heading: '安全にお支払い',
    amountDue: 'お支払い金額',
    cardNumber: 'カード番号',
    expiry: '有効期限',
    expiryHint: 'MM/YY',
    cvc: 'セキュリティコード（CVC）',
    nameOnCard: 'カード名義',
    pay: '{amount} を支払う',
    cancel: 'キャンセルして戻る',
    testMode:
      'テストモード：4242 4242 4242 4242 は成功、4000 0000 0000 0002 は拒否、4000 0000 0000 0069 は期限切れカードです。',
    paymentFailed: 'お支払いに失敗しました。',
    declined: 'カードが拒否されました。別のカードをお試しください。',
    expiredCard: 'カードの有効期限が切れています。別のカードをお試しください。',
    invalidNumber: '有効なカード番号を入力してください。',
    invalidExpiry: '有効期限を MM/YY の形式で入力してください。',
    expired: 'このカードは有効期限が切れています。',
    invalidCvc: 'カード裏面のセキュリティコードを入力してください。',
    closed: 'このお支払いページは終了しています。サイトに戻ってやり直してください。',
    backToSite: 'サイトに戻る',
    secured: 'カード情報は決済事業者にのみ送信されます。',
  },
  'my-ms': {
    title: 'Pembayaran selamat',
    heading: 'Bayar dengan selamat',
    amountDue: 'Jumlah perlu dibayar',
    cardNumber: 'Nombor kad',
    expiry: 'Tarikh luput',
    expiryHint: 'BB/TT',
    cvc: 'Kod keselamatan (CVC)',
    nameOnCard: 'Nama pada kad',
    pay: 'Bayar {amount}',
    cancel: 'Batal dan kembali',
    testMode:
      'Mod ujian: 4242 4242 4242 4242 berjaya, 4000 0000 0000 0002 ditolak, 4000 0000 0000 0069 ialah kad yang telah luput.',
    paymentFailed: 'Pembayaran gagal.',
    declined: 'Kad anda telah ditolak. Cuba kad lain.',
    expiredCard: 'Kad anda telah luput. Cuba kad lain.',
    invalidNumber: 'Masukkan nombor kad yang sah.',
    invalidExpiry: 'Masukkan tarikh luput sebagai BB/TT.',
    expired: 'Kad ini telah luput.',
    invalidCvc: 'Masukkan kod keselamatan di belakang kad.',
    closed: 'Halaman pembayaran ini telah ditutup. Kembali ke laman untuk bermula semula.',
    backToSite: 'Kembali ke laman',
    secured: 'Butiran kad dihantar hanya kepada penyedia pembayaran.',
  },
};

import { DEFAULT_LOCALE, LOCALE_BCP47, type Locale, isLocale } from '@member/domain';

/*
 * The texts of every mail the server sends, in the 8 languages (issue 14 item 9: mail went out in
 * English to members who chose another language). Each sender picks the member's stored language
 * (`mailLocale`); the notice to the old address after an email change uses it too.
 */

export interface MailText {
  subject: string;
  text: string;
}

/** Where a member who did not make a change can turn: the brand's support address, or support. */
type Support = string | null;

interface MailTexts {
  hello: (name: string | null) => string;
  passwordReset: (p: { brand: string; link: string }) => { subject: string; body: string[] };
  emailChanged: (p: { brand: string; maskedTo: string; support: Support }) => {
    subject: string;
    body: string[];
  };
  passwordChanged: (p: { brand: string; support: Support }) => { subject: string; body: string[] };
  orderShipped: (p: { reference: string; tracking: string }) => { subject: string; body: string[] };
  supportReceived: (p: { brand: string; kind: 'problem' | 'feedback'; reference: string }) => {
    subject: string;
    body: string[];
  };
  /** Labels of a problem report's details in its acknowledgement. */
  reportLabels: { title: string; at: string; issues: string; support: string };
  sweepWinner: (p: { product: string; sweep: string; deadline: string }) => {
    subject: string;
    body: string[];
  };
  /** The draw's figures line (pool hash, seed, position), for anyone who checks the draw. */
  drawLine: (p: { period: string; hash: string; seed: string; position: number; total: number }) => string;
  /**
   * A live match reminder (decision 036): the broadcast starts soon, or is on air already when the
   * reminder is mailed after its start; `time` is its start in the member's language and time zone.
   */
  liveReminder: (p: { brand: string; title: string; time: string; link: string; started: boolean }) => {
    subject: string;
    body: string[];
  };
}

const TEXTS: Record<Locale, MailTexts> = {
  'en-us': {
    hello: (name) => `Hello${name ? ` ${name}` : ''},`,
    passwordReset: ({ brand, link }) => ({
      subject: `${brand}: reset your password`,
      body: [
        `Someone asked to reset the password of your ${brand} account. To choose a new password, open this link within one hour:`,
        '',
        link,
        '',
        'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
      ],
    }),
    emailChanged: ({ brand, maskedTo, support }) => ({
      subject: `${brand}: your email address was changed`,
      body: [
        `The email address of your ${brand} account was changed to ${maskedTo}. Mail about the account now goes there, and every other device was signed out.`,
        '',
        support
          ? `If you did not make this change, contact ${support} at once.`
          : 'If you did not make this change, contact support at once.',
      ],
    }),
    passwordChanged: ({ brand, support }) => ({
      subject: `${brand}: your password was changed`,
      body: [
        `The password of your ${brand} account was changed, and every other device was signed out.`,
        '',
        `${support ? `If you did not make this change, contact ${support} at once.` : 'If you did not make this change, contact support at once.'} You can also choose a new password with "Forgot password" on the sign-in page.`,
      ],
    }),
    orderShipped: ({ reference, tracking }) => ({
      subject: `Your order ${reference} has shipped`,
      body: [`Your order ${reference} is on its way. Tracking reference: ${tracking}.`],
    }),
    supportReceived: ({ brand, kind, reference }) => {
      const about = kind === 'problem' ? 'problem report' : 'feedback';
      return {
        subject: `${brand}: we received your ${about}`,
        body: [
          `Thank you for your ${about}. We have received it (reference ${reference}) and our team will look into it.`,
        ],
      };
    },
    reportLabels: { title: 'Title: ', at: 'At: ', issues: 'Issues: ', support: 'support' },
    sweepWinner: ({ product, sweep, deadline }) => ({
      subject: `You won: ${product}`,
      body: [
        `Congratulations! You won the giveaway "${sweep}".`,
        `Claim your prize before ${deadline} from the giveaways page of your member area.`,
      ],
    }),
    drawLine: ({ period, hash, seed, position, total }) =>
      `Draw ${period}: pool hash ${hash}, seed ${seed}, position ${position} of ${total}.`,
    liveReminder: ({ brand, title, time, link, started }) => ({
      subject: started ? `Live now: ${title}` : `Starting soon: ${title}`,
      body: [
        started
          ? `You asked for a reminder of "${title}": it is live now.`
          : `You asked for a reminder of "${title}": it starts soon.`,
        `Start: ${time}`,
        '',
        `Watch it live on ${brand}:`,
        link,
      ],
    }),
  },
  'fr-ca': {
    hello: (name) => `Bonjour${name ? ` ${name}` : ''},`,
    passwordReset: ({ brand, link }) => ({
      subject: `${brand}\u00a0: réinitialisez votre mot de passe`,
      body: [
        `Quelqu’un a demandé la réinitialisation du mot de passe de votre compte ${brand}. Pour choisir un nouveau mot de passe, ouvrez ce lien d’ici une heure\u00a0:`,
        '',
        link,
        '',
        'Le lien ne fonctionne qu’une fois. Si vous n’avez rien demandé, ignorez ce courriel\u00a0: votre mot de passe reste le même.',
      ],
    }),
    emailChanged: ({ brand, maskedTo, support }) => ({
      subject: `${brand}\u00a0: votre adresse courriel a été modifiée`,
      body: [
        `L’adresse courriel de votre compte ${brand} a été remplacée par ${maskedTo}. Les courriels du compte y sont désormais envoyés, et tous vos autres appareils ont été déconnectés.`,
        '',
        support
          ? `Si vous n’êtes pas à l’origine de ce changement, écrivez sans tarder à ${support}.`
          : 'Si vous n’êtes pas à l’origine de ce changement, communiquez sans tarder avec le soutien.',
      ],
    }),
    passwordChanged: ({ brand, support }) => ({
      subject: `${brand}\u00a0: votre mot de passe a été modifié`,
      body: [
        `Le mot de passe de votre compte ${brand} a été modifié, et tous vos autres appareils ont été déconnectés.`,
        '',
        `${support ? `Si vous n’êtes pas à l’origine de ce changement, écrivez sans tarder à ${support}.` : 'Si vous n’êtes pas à l’origine de ce changement, communiquez sans tarder avec le soutien.'} Vous pouvez aussi choisir un nouveau mot de passe avec «\u00a0Mot de passe oublié\u00a0» sur la page de connexion.`,
      ],
    }),
    orderShipped: ({ reference, tracking }) => ({
      subject: `Votre commande ${reference} a été expédiée`,
      body: [`Votre commande ${reference} est en route. Numéro de suivi\u00a0: ${tracking}.`],
    }),
    supportReceived: ({ brand, kind, reference }) => {
      const about = kind === 'problem' ? 'signalement de problème' : 'commentaire';
      return {
        subject: `${brand}\u00a0: nous avons reçu votre ${about}`,
        body: [
          `Merci pour votre ${about}. Nous l’avons bien reçu (référence ${reference}) et notre équipe va s’en occuper.`,
        ],
      };
    },
    reportLabels: {
      title: 'Titre\u00a0: ',
      at: 'À\u00a0: ',
      issues: 'Problèmes\u00a0: ',
      support: 'soutien',
    },
    sweepWinner: ({ product, sweep, deadline }) => ({
      subject: `Vous avez gagné\u00a0: ${product}`,
      body: [
        `Félicitations\u00a0! Vous avez gagné le concours «\u00a0${sweep}\u00a0».`,
        `Réclamez votre prix avant le ${deadline} depuis la page des concours de votre espace membre.`,
      ],
    }),
    drawLine: ({ period, hash, seed, position, total }) =>
      `Tirage ${period}\u00a0: empreinte du bassin ${hash}, graine ${seed}, position ${position} sur ${total}.`,
    liveReminder: ({ brand, title, time, link, started }) => ({
      subject: started ? `En direct maintenant\u00a0: ${title}` : `Bientôt en direct\u00a0: ${title}`,
      body: [
        started
          ? `Vous avez demandé un rappel pour «\u00a0${title}\u00a0»\u00a0: la diffusion est commencée.`
          : `Vous avez demandé un rappel pour «\u00a0${title}\u00a0»\u00a0: la diffusion commence bientôt.`,
        `Début\u00a0: ${time}`,
        '',
        `Regardez-la en direct sur ${brand}\u00a0:`,
        link,
      ],
    }),
  },
  'de-de': {
    hello: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    passwordReset: ({ brand, link }) => ({
      subject: `${brand}: Passwort zurücksetzen`,
      body: [
        `Jemand hat das Zurücksetzen des Passworts Ihres ${brand}-Kontos angefordert. Um ein neues Passwort zu wählen, öffnen Sie diesen Link innerhalb einer Stunde:`,
        '',
        link,
        '',
        'Der Link funktioniert nur einmal. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
      ],
    }),
    emailChanged: ({ brand, maskedTo, support }) => ({
      subject: `${brand}: Ihre E-Mail-Adresse wurde geändert`,
      body: [
        `Die E-Mail-Adresse Ihres ${brand}-Kontos wurde in ${maskedTo} geändert. E-Mails zum Konto gehen jetzt dorthin, und alle anderen Geräte wurden abgemeldet.`,
        '',
        support
          ? `Wenn Sie diese Änderung nicht vorgenommen haben, wenden Sie sich sofort an ${support}.`
          : 'Wenn Sie diese Änderung nicht vorgenommen haben, wenden Sie sich sofort an den Support.',
      ],
    }),
    passwordChanged: ({ brand, support }) => ({
      subject: `${brand}: Ihr Passwort wurde geändert`,
      body: [
        `Das Passwort Ihres ${brand}-Kontos wurde geändert, und alle anderen Geräte wurden abgemeldet.`,
        '',
        `${support ? `Wenn Sie diese Änderung nicht vorgenommen haben, wenden Sie sich sofort an ${support}.` : 'Wenn Sie diese Änderung nicht vorgenommen haben, wenden Sie sich sofort an den Support.'} Sie können auch mit „Passwort vergessen“ auf der Anmeldeseite ein neues Passwort wählen.`,
      ],
    }),
    orderShipped: ({ reference, tracking }) => ({
      subject: `Ihre Bestellung ${reference} wurde versandt`,
      body: [`Ihre Bestellung ${reference} ist unterwegs. Sendungsnummer: ${tracking}.`],
    }),
    supportReceived: ({ brand, kind, reference }) => {
      const about = kind === 'problem' ? 'Ihre Problemmeldung' : 'Ihr Feedback';
      return {
        subject: `${brand}: Wir haben ${about} erhalten`,
        body: [
          `Vielen Dank für ${about}. Wir haben es erhalten (Referenz ${reference}), und unser Team kümmert sich darum.`,
        ],
      };
    },
    reportLabels: { title: 'Titel: ', at: 'Bei: ', issues: 'Probleme: ', support: 'Support' },
    sweepWinner: ({ product, sweep, deadline }) => ({
      subject: `Sie haben gewonnen: ${product}`,
      body: [
        `Herzlichen Glückwunsch! Sie haben das Gewinnspiel „${sweep}“ gewonnen.`,
        `Fordern Sie Ihren Preis vor dem ${deadline} auf der Gewinnspielseite Ihres Mitgliederbereichs an.`,
      ],
    }),
    drawLine: ({ period, hash, seed, position, total }) =>
      `Ziehung ${period}: Pool-Hash ${hash}, Seed ${seed}, Position ${position} von ${total}.`,
    liveReminder: ({ brand, title, time, link, started }) => ({
      subject: started ? `Jetzt live: ${title}` : `Gleich live: ${title}`,
      body: [
        started
          ? `Sie wollten an „${title}“ erinnert werden: Die Übertragung läuft jetzt.`
          : `Sie wollten an „${title}“ erinnert werden: Die Übertragung beginnt gleich.`,
        `Beginn: ${time}`,
        '',
        `Live ansehen bei ${brand}:`,
        link,
      ],
    }),
  },
  'it-it': {
    hello: (name) => `Ciao${name ? ` ${name}` : ''},`,
    passwordReset: ({ brand, link }) => ({
      subject: `${brand}: reimposta la password`,
      body: [
        `Qualcuno ha chiesto di reimpostare la password del tuo account ${brand}. Per scegliere una nuova password, apri questo link entro un’ora:`,
        '',
        link,
        '',
        'Il link funziona una sola volta. Se non l’hai chiesto tu, ignora questa email: la tua password resta invariata.',
      ],
    }),
    emailChanged: ({ brand, maskedTo, support }) => ({
      subject: `${brand}: il tuo indirizzo email è stato cambiato`,
      body: [
        `L’indirizzo email del tuo account ${brand} è stato cambiato in ${maskedTo}. Le email sull’account ora arrivano lì, e tutti gli altri dispositivi sono stati disconnessi.`,
        '',
        support
          ? `Se non hai fatto tu questa modifica, contatta subito ${support}.`
          : 'Se non hai fatto tu questa modifica, contatta subito l’assistenza.',
      ],
    }),
    passwordChanged: ({ brand, support }) => ({
      subject: `${brand}: la tua password è stata cambiata`,
      body: [
        `La password del tuo account ${brand} è stata cambiata, e tutti gli altri dispositivi sono stati disconnessi.`,
        '',
        `${support ? `Se non hai fatto tu questa modifica, contatta subito ${support}.` : 'Se non hai fatto tu questa modifica, contatta subito l’assistenza.'} Puoi anche scegliere una nuova password con «Password dimenticata» nella pagina di accesso.`,
      ],
    }),
    orderShipped: ({ reference, tracking }) => ({
      subject: `Il tuo ordine ${reference} è stato spedito`,
      body: [`Il tuo ordine ${reference} è in viaggio. Codice di tracciamento: ${tracking}.`],
    }),
    supportReceived: ({ brand, kind, reference }) => {
      const about = kind === 'problem' ? 'segnalazione del problema' : 'feedback';
      const article = kind === 'problem' ? 'la tua' : 'il tuo';
      return {
        subject: `${brand}: abbiamo ricevuto ${article} ${about}`,
        body: [
          `Grazie per ${article} ${about}. L’abbiamo ricevuto (riferimento ${reference}) e il nostro team se ne occuperà.`,
        ],
      };
    },
    reportLabels: { title: 'Titolo: ', at: 'A: ', issues: 'Problemi: ', support: 'assistenza' },
    sweepWinner: ({ product, sweep, deadline }) => ({
      subject: `Hai vinto: ${product}`,
      body: [
        `Congratulazioni! Hai vinto il concorso «${sweep}».`,
        `Richiedi il tuo premio entro il ${deadline} dalla pagina dei concorsi della tua area membri.`,
      ],
    }),
    drawLine: ({ period, hash, seed, position, total }) =>
      `Estrazione ${period}: hash delle partecipazioni ${hash}, seme ${seed}, posizione ${position} di ${total}.`,
    liveReminder: ({ brand, title, time, link, started }) => ({
      subject: started ? `Ora in diretta: ${title}` : `Tra poco in diretta: ${title}`,
      body: [
        started
          ? `Hai chiesto un promemoria per «${title}»: la diretta è iniziata.`
          : `Hai chiesto un promemoria per «${title}»: la diretta inizia tra poco.`,
        `Inizio: ${time}`,
        '',
        `Guardala in diretta su ${brand}:`,
        link,
      ],
    }),
  },
  'pt-pt': {
    hello: (name) => `Olá${name ? ` ${name}` : ''},`,
    passwordReset: ({ brand, link }) => ({
      subject: `${brand}: redefina a sua palavra-passe`,
      body: [
        `Alguém pediu para redefinir a palavra-passe da sua conta ${brand}. Para escolher uma nova palavra-passe, abra esta ligação no prazo de uma hora:`,
        '',
        link,
        '',
        'A ligação funciona uma vez. Se não a pediu, ignore este email: a sua palavra-passe fica como está.',
      ],
    }),
    emailChanged: ({ brand, maskedTo, support }) => ({
      subject: `${brand}: o seu endereço de email foi alterado`,
      body: [
        `O endereço de email da sua conta ${brand} foi alterado para ${maskedTo}. Os emails sobre a conta passam a ir para lá, e todos os outros dispositivos terminaram a sessão.`,
        '',
        support
          ? `Se não fez esta alteração, contacte ${support} de imediato.`
          : 'Se não fez esta alteração, contacte o apoio de imediato.',
      ],
    }),
    passwordChanged: ({ brand, support }) => ({
      subject: `${brand}: a sua palavra-passe foi alterada`,
      body: [
        `A palavra-passe da sua conta ${brand} foi alterada, e todos os outros dispositivos terminaram a sessão.`,
        '',
        `${support ? `Se não fez esta alteração, contacte ${support} de imediato.` : 'Se não fez esta alteração, contacte o apoio de imediato.'} Também pode escolher uma nova palavra-passe com «Esqueci-me da palavra-passe» na página de início de sessão.`,
      ],
    }),
    orderShipped: ({ reference, tracking }) => ({
      subject: `A sua encomenda ${reference} foi enviada`,
      body: [`A sua encomenda ${reference} está a caminho. Referência de seguimento: ${tracking}.`],
    }),
    supportReceived: ({ brand, kind, reference }) => {
      const problem = kind === 'problem';
      return {
        subject: `${brand}: recebemos ${problem ? 'a sua comunicação de problema' : 'o seu comentário'}`,
        body: [
          `${problem ? 'Obrigado pela sua comunicação de problema' : 'Obrigado pelo seu comentário'}. Recebemo-la (referência ${reference}) e a nossa equipa vai analisá-la.`,
        ],
      };
    },
    reportLabels: { title: 'Título: ', at: 'Em: ', issues: 'Problemas: ', support: 'apoio' },
    sweepWinner: ({ product, sweep, deadline }) => ({
      subject: `Ganhou: ${product}`,
      body: [
        `Parabéns! Ganhou o passatempo «${sweep}».`,
        `Reclame o seu prémio antes de ${deadline} na página de passatempos da sua área de membro.`,
      ],
    }),
    drawLine: ({ period, hash, seed, position, total }) =>
      `Sorteio ${period}: hash das participações ${hash}, semente ${seed}, posição ${position} de ${total}.`,
    liveReminder: ({ brand, title, time, link, started }) => ({
      subject: started ? `Em direto agora: ${title}` : `Em direto dentro de momentos: ${title}`,
      body: [
        started
          ? `Pediu um lembrete para «${title}»: a transmissão já está em direto.`
          : `Pediu um lembrete para «${title}»: a transmissão começa dentro de momentos.`,
        `Início: ${time}`,
        '',
        `Veja em direto em ${brand}:`,
        link,
      ],
    }),
  },
  'es-es': {
    hello: (name) => `Hola${name ? ` ${name}` : ''}:`,
    passwordReset: ({ brand, link }) => ({
      subject: `${brand}: restablece tu contraseña`,
      body: [
        `Alguien ha pedido restablecer la contraseña de tu cuenta de ${brand}. Para elegir una contraseña nueva, abre este enlace en el plazo de una hora:`,
        '',
        link,
        '',
        'El enlace funciona una sola vez. Si no lo has pedido, ignora este correo: tu contraseña sigue igual.',
      ],
    }),
    emailChanged: ({ brand, maskedTo, support }) => ({
      subject: `${brand}: se ha cambiado tu dirección de correo`,
      body: [
        `La dirección de correo de tu cuenta de ${brand} se ha cambiado a ${maskedTo}. Los correos de la cuenta llegan ahora allí, y se ha cerrado la sesión en todos los demás dispositivos.`,
        '',
        support
          ? `Si no has hecho este cambio, escribe de inmediato a ${support}.`
          : 'Si no has hecho este cambio, contacta de inmediato con el servicio de asistencia.',
      ],
    }),
    passwordChanged: ({ brand, support }) => ({
      subject: `${brand}: se ha cambiado tu contraseña`,
      body: [
        `Se ha cambiado la contraseña de tu cuenta de ${brand}, y se ha cerrado la sesión en todos los demás dispositivos.`,
        '',
        `${support ? `Si no has hecho este cambio, escribe de inmediato a ${support}.` : 'Si no has hecho este cambio, contacta de inmediato con el servicio de asistencia.'} También puedes elegir una contraseña nueva con «He olvidado mi contraseña» en la página de inicio de sesión.`,
      ],
    }),
    orderShipped: ({ reference, tracking }) => ({
      subject: `Tu pedido ${reference} se ha enviado`,
      body: [`Tu pedido ${reference} está en camino. Número de seguimiento: ${tracking}.`],
    }),
    supportReceived: ({ brand, kind, reference }) => {
      const about = kind === 'problem' ? 'tu informe de problema' : 'tus comentarios';
      return {
        subject: `${brand}: hemos recibido ${about}`,
        body: [
          `Gracias por ${about}. Los hemos recibido (referencia ${reference}) y nuestro equipo los revisará.`,
        ],
      };
    },
    reportLabels: { title: 'Título: ', at: 'En: ', issues: 'Problemas: ', support: 'asistencia' },
    sweepWinner: ({ product, sweep, deadline }) => ({
      subject: `Has ganado: ${product}`,
      body: [
        `¡Enhorabuena! Has ganado el sorteo «${sweep}».`,
        `Reclama tu premio antes del ${deadline} en la página de sorteos de tu área de miembro.`,
      ],
    }),
    drawLine: ({ period, hash, seed, position, total }) =>
      `Sorteo ${period}: hash de participaciones ${hash}, semilla ${seed}, posición ${position} de ${total}.`,
    liveReminder: ({ brand, title, time, link, started }) => ({
      subject: started ? `En directo ahora: ${title}` : `Empieza en breve: ${title}`,
      body: [
        started
          ? `Pediste un recordatorio de «${title}»: la retransmisión ya está en directo.`
          : `Pediste un recordatorio de «${title}»: la retransmisión empieza en breve.`,
        `Inicio: ${time}`,
        '',
        `Mírala en directo en ${brand}:`,
        link,
      ],
    }),
  },
  'ja-jp': {
    hello: (name) => (name ? `${name} 様` : 'お客様'),
    passwordReset: ({ brand, link }) => ({
      subject: `${brand}：パスワードの再設定`,
      body: [
        `${brand}アカウントのパスワード再設定が依頼されました。新しいパスワードを設定するには、1時間以内に次のリンクを開いてください。`,
        '',
        link,
        '',
        'リンクは1回だけ使えます。お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
      ],
    }),
    emailChanged: ({ brand, maskedTo, support }) => ({
      subject: `${brand}：メールアドレスが変更されました`,
      body: [
        `${brand}アカウントのメールアドレスが${maskedTo}に変更されました。今後アカウントに関するメールはそちらに届き、ほかのすべての端末からログアウトしました。`,
        '',
        support
          ? `この変更にお心当たりがない場合は、すぐに${support}までご連絡ください。`
          : 'この変更にお心当たりがない場合は、すぐにサポートまでご連絡ください。',
      ],
    }),
    passwordChanged: ({ brand, support }) => ({
      subject: `${brand}：パスワードが変更されました`,
      body: [
        `${brand}アカウントのパスワードが変更され、ほかのすべての端末からログアウトしました。`,
        '',
        `${support ? `この変更にお心当たりがない場合は、すぐに${support}までご連絡ください。` : 'この変更にお心当たりがない場合は、すぐにサポートまでご連絡ください。'}ログインページの「パスワードをお忘れですか？」から新しいパスワードを設定することもできます。`,
      ],
    }),
    orderShipped: ({ reference, tracking }) => ({
      subject: `ご注文${reference}を発送しました`,
      body: [`ご注文${reference}を発送しました。追跡番号：${tracking}`],
    }),
    supportReceived: ({ brand, kind, reference }) => {
      const about = kind === 'problem' ? '問題のご報告' : 'ご意見';
      return {
        subject: `${brand}：${about}を受け付けました`,
        body: [
          `${about}をありがとうございます。受け付けました（受付番号${reference}）。担当チームが確認いたします。`,
        ],
      };
    },
    reportLabels: { title: 'タイトル：', at: '位置：', issues: '問題：', support: 'サポート' },
    sweepWinner: ({ product, sweep, deadline }) => ({
      subject: `当選しました：${product}`,
      body: [
        `おめでとうございます！プレゼント「${sweep}」に当選しました。`,
        `${deadline}までに、会員エリアのプレゼントのページから賞品をお受け取りください。`,
      ],
    }),
    drawLine: ({ period, hash, seed, position, total }) =>
      `抽選${period}：応募プールのハッシュ${hash}、シード${seed}、${total}件中${position}番目。`,
    liveReminder: ({ brand, title, time, link, started }) => ({
      subject: started ? `ライブ配信中：${title}` : `まもなく開始：${title}`,
      body: [
        started
          ? `リマインダーを設定した「${title}」のライブ配信が始まりました。`
          : `リマインダーを設定した「${title}」のライブ配信がまもなく始まります。`,
        `開始：${time}`,
        '',
        `${brand}でライブ配信をご覧ください。`,
        link,
      ],
    }),
  },
  'my-ms': {
    hello: (name) => `Helo${name ? ` ${name}` : ''},`,
    passwordReset: ({ brand, link }) => ({
      subject: `${brand}: tetapkan semula kata laluan anda`,
      body: [
        `Seseorang meminta untuk menetapkan semula kata laluan akaun ${brand} anda. Untuk memilih kata laluan baharu, buka pautan ini dalam masa satu jam:`,
        '',
        link,
        '',
        'Pautan ini berfungsi sekali sahaja. Jika anda tidak memintanya, abaikan e-mel ini: kata laluan anda kekal seperti sedia ada.',
      ],
    }),
    emailChanged: ({ brand, maskedTo, support }) => ({
      subject: `${brand}: alamat e-mel anda telah ditukar`,
      body: [
        `Alamat e-mel akaun ${brand} anda telah ditukar kepada ${maskedTo}. E-mel tentang akaun kini dihantar ke sana, dan semua peranti lain telah dilog keluar.`,
        '',
        support
          ? `Jika anda tidak membuat perubahan ini, hubungi ${support} dengan segera.`
          : 'Jika anda tidak membuat perubahan ini, hubungi sokongan dengan segera.',
      ],
    }),
    passwordChanged: ({ brand, support }) => ({
      subject: `${brand}: kata laluan anda telah ditukar`,
      body: [
        `Kata laluan akaun ${brand} anda telah ditukar, dan semua peranti lain telah dilog keluar.`,
        '',
        `${support ? `Jika anda tidak membuat perubahan ini, hubungi ${support} dengan segera.` : 'Jika anda tidak membuat perubahan ini, hubungi sokongan dengan segera.'} Anda juga boleh memilih kata laluan baharu dengan "Lupa kata laluan" di halaman log masuk.`,
      ],
    }),
    orderShipped: ({ reference, tracking }) => ({
      subject: `Pesanan anda ${reference} telah dihantar`,
      body: [`Pesanan anda ${reference} sedang dalam perjalanan. Nombor penjejakan: ${tracking}.`],
    }),
    supportReceived: ({ brand, kind, reference }) => {
      const about = kind === 'problem' ? 'laporan masalah' : 'maklum balas';
      return {
        subject: `${brand}: kami telah menerima ${about} anda`,
        body: [
          `Terima kasih atas ${about} anda. Kami telah menerimanya (rujukan ${reference}) dan pasukan kami akan menelitinya.`,
        ],
      };
    },
    reportLabels: { title: 'Tajuk: ', at: 'Pada: ', issues: 'Masalah: ', support: 'sokongan' },
    sweepWinner: ({ product, sweep, deadline }) => ({
      subject: `Anda menang: ${product}`,
      body: [
        `Tahniah! Anda memenangi cabutan bertuah "${sweep}".`,
        `Tuntut hadiah anda sebelum ${deadline} di halaman cabutan bertuah dalam ruang ahli anda.`,
      ],
    }),
    drawLine: ({ period, hash, seed, position, total }) =>
      `Cabutan ${period}: cincangan penyertaan ${hash}, benih ${seed}, kedudukan ${position} daripada ${total}.`,
    liveReminder: ({ brand, title, time, link, started }) => ({
      subject: started ? `Siaran langsung sekarang: ${title}` : `Bermula sebentar lagi: ${title}`,
      body: [
        started
          ? `Anda meminta peringatan untuk "${title}": siaran langsung sedang berlangsung.`
          : `Anda meminta peringatan untuk "${title}": siaran langsung bermula sebentar lagi.`,
        `Mula: ${time}`,
        '',
        `Tonton secara langsung di ${brand}:`,
        link,
      ],
    }),
  },
};

/** The language a member's mail is written in: their stored language, or the default. */
export function mailLocale(language: string | null | undefined): Locale {
  return language && isLocale(language) ? language : DEFAULT_LOCALE;
}

/**
 * A time as a mail names it: day, month, hour and minute in the member's language and time zone (UTC
 * when the stored zone is not one Intl knows), with the zone's short name.
 */
export function mailTime(language: string | null | undefined, iso: string, timeZone: string | null): string {
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  const locale = LOCALE_BCP47[mailLocale(language)];
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: timeZone ?? 'UTC' }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date);
  }
}

/** The texts of one language. */
export function mailTexts(language: string | null | undefined): MailTexts {
  return TEXTS[mailLocale(language)];
}

/** A mail's subject and its text: the greeting, a blank line, then the body's lines. */
export function composeMail(
  language: string | null | undefined,
  name: string | null,
  content: { subject: string; body: string[] },
): MailText {
  return {
    subject: content.subject,
    text: [mailTexts(language).hello(name), '', ...content.body].join('\n'),
  };
}

import SSHKeys

/// The form of a Russian noun that goes with `count`: one (21, 31...), few (2-4, 22-24...)
/// or many (5-20, 25-30...).
func russianPlural(_ count: Int, _ one: String, _ few: String, _ many: String) -> String {
  let tens = count % 100
  let units = count % 10
  if (11...14).contains(tens) { return many }
  if units == 1 { return one }
  if (2...4).contains(units) { return few }
  return many
}

extension Strings {
  public static let russian = Strings(
    signUpTitle: "Создание аккаунта",
    loginLabel: "Логин",
    passwordLabel: "Пароль",
    confirmationLabel: "Повторите пароль",
    show: "показать",
    hide: "скрыть",
    signUpButton: "Создать аккаунт",
    haveAccount: "Уже есть аккаунт?",
    signInLink: "Войти",
    terminalTooSmall: {
      "Окно терминала слишком маленькое: нужно не меньше "
        + "\($0) \(russianPlural($0, "столбца", "столбцов", "столбцов")) и "
        + "\($1) \(russianPlural($1, "строки", "строк", "строк"))"
    },
    creatingAccount: "Создаём аккаунт…",
    storeBrieflyAway: "Хранилище ненадолго недоступно; пробуем ещё…",
    loginTakenMeanwhile: "Логин только что заняли. Выберите другой.",
    signInTitle: "Вход",
    signInButton: "Войти",
    noAccount: "Ещё нет аккаунта?",
    createOneLink: "Создать",
    signingIn: "Проверяем пароль…",
    wrongCredentials: "Неверный логин или пароль.",
    loginLength: "Не менее 4 символов",
    loginIsFree: "Логин свободен",
    checkingLogin: "Проверяем, свободен ли логин",
    passwordLength: "Не менее 8 символов",
    passwordUppercase: "Хотя бы одна заглавная буква",
    confirmationMatches: "Совпадает с паролем",
    passwordLengthAtLeast: {
      "Не менее \($0) \(russianGenitive($0, one: "символа", many: "символов"))"
    },
    passwordUppercaseLatin: {
      $0 == 1 ? "Хотя бы одна заглавная буква A–Z" : "Заглавных букв A–Z: не менее \($0)"
    },
    passwordLowercaseLatin: {
      $0 == 1 ? "Хотя бы одна строчная буква a–z" : "Строчных букв a–z: не менее \($0)"
    },
    passwordDigits: { $0 == 1 ? "Хотя бы одна цифра" : "Цифр: не менее \($0)" },
    passwordSymbols: {
      $0 == 1
        ? "Хотя бы один символ не из A–Z, a–z, 0–9" : "Символов не из A–Z, a–z, 0–9: не менее \($0)"
    },
    passwordKinds: { "Хотя бы \($0) вида из: a–z, A–Z, 0–9, прочие" },
    passwordHardToGuess: "Трудно угадать",
    checkingPassword: "Проверяем, трудно ли угадать пароль",
    passwordRefusal: {
      switch $0 {
      case .dictionaryWord: "Легко угадать: основан на слове из словаря"
      case .containsLogin: "Легко угадать: содержит логин"
      case .similarToLogin: "Легко угадать: слишком похож на логин"
      case .basedOnUserName: "Легко угадать: похож на имя пользователя"
      case .tooFewDifferentCharacters: "Легко угадать: мало разных символов"
      case .palindrome: "Легко угадать: это палиндром"
      case .tooSimple: "Легко угадать: символы идут по порядку"
      case .looksLikeIDNumber: "Легко угадать: похож на номер документа"
      case .sequence: "Легко угадать: есть ряд вроде abcd или 1234"
      case .repeatedCharacter: "Легко угадать: много повторов подряд"
      case .tooManyOfOneKind: "Легко угадать: много однотипных подряд"
      case .forbiddenWord: "Легко угадать: содержит запрещённое слово"
      case .tooShort: "Легко угадать: слишком короткий"
      case .needsDigits: "Легко угадать: нужно больше цифр"
      case .needsUppercase: "Легко угадать: нужно больше букв A–Z"
      case .needsLowercase: "Легко угадать: нужно больше букв a–z"
      case .needsSymbols: "Легко угадать: нужно больше прочих символов"
      case .needsMoreKinds: "Легко угадать: нужно больше видов символов"
      case .caseChangesOnly: "Легко угадать: старый, но в другом регистре"
      case .similarToOld: "Легко угадать: похож на старый пароль"
      case .rotatedOld: "Легко угадать: старый пароль со сдвигом"
      case .sameAsOld: "Легко угадать: совпадает со старым паролем"
      case .other: "Легко угадать: отклонён правилами системы"
      case .cannotCheck: "Не удалось проверить: нет словаря паролей"
      }
    },
    strengthLabel: "Надёжность",
    strength: {
      switch $0 {
      case .veryWeak: "очень низкая"
      case .weak: "низкая"
      case .fair: "средняя"
      case .good: "хорошая"
      case .strong: "высокая"
      }
    },
    cannotUsePasswordPolicy: { "не удаётся применить правила для паролей из \($0): \($1)" },
    policyFileUnreadable: "не удаётся прочитать файл",
    policyFileMalformed: "слишком длинная строка",
    policyUnknownSetting: { "неизвестный параметр «\($0)»" },
    policyBadValue: { "для «\($0)» нужно указать число" },
    cannotLoadPasswordPolicy: {
      "не удаётся загрузить системные правила для паролей (libpwquality): \($0); установите libpwquality1 или укажите --password-policy off (только для демонстраций)"
    },
    // «Не больше» takes the genitive: 64 символов, 21 символа, 512 байт, 21 байта.
    atMostCharacters: {
      "Не больше \($0) \(russianGenitive($0, one: "символа", many: "символов"))"
    },
    atMostBytes: { "Не больше \($0) \(russianGenitive($0, one: "байта", many: "байт"))" },
    cannotSave: { "Аккаунт не создан: \($0)" },
    cannotCheck: { "Не удалось проверить логин: \($0)" },
    cannotSignIn: { "Не удалось войти: \($0)" },
    accountCreated: { "Аккаунт \($0) создан." },
    signedIn: { "Вы вошли как \($0)." },
    inputEnded: "ввод закончился раньше, чем были получены все ответы; ничего не изменено",
    answersUnmet: "ответ не соответствует требованиям; ничего не изменено",
    passwordsDoNotMatch: "Пароли не совпадают. Введите пароль ещё раз, затем повторите его.",
    loginTaken: "Этот логин уже занят.",
    signInInstead: "Войти с ним?",
    answerContainsNUL: "В ответе есть символ NUL, такой ответ не принимается.",
    unknownOption: { "неизвестный параметр «\($0)»" },
    unexpectedArgument: { "лишний аргумент «\($0)»" },
    missingValue: { "после \($0) нужно указать значение" },
    unknownLanguage: { "неизвестный язык «\($0)»: выберите en или ru" },
    tryHelp: "(см. register --help)",
    noDatabasePlace:
      "не удалось выбрать место для базы аккаунтов: не задана переменная HOME; укажите путь: --db ПУТЬ",
    cannotOpenDatabase: { "не удаётся открыть базу аккаунтов \($0): \($1)" },
    noTerminal: { "нет терминала, чтобы показать форму (\($0)): вопросы будут заданы построчно" },
    unknownTerminal: { "неизвестный тип терминала «\($0)»: вопросы будут заданы построчно" },
    crashed: "register аварийно завершился; терминал восстановлен.",
    help: """
      Использование: register [параметры]

      Создаёт аккаунт (или выполняет вход, или меняет пароль) в форме прямо
      в терминале. После успеха терминал возвращается в прежнее состояние
      и печатается результат: строка для человека, если stdout — терминал, иначе
      (или с --json) объект JSON, поэтому работает account=$(register --json).

      Параметры:
        --db ПУТЬ|URI
                      база аккаунтов: файл или postgresql://... для общей базы
                      многих хостов (по умолчанию $REGISTER_DB, иначе
                      $XDG_DATA_HOME/register/accounts.sqlite или
                      ~/.local/share/register/accounts.sqlite)
        --sign-in     начать с экрана входа
        --change-password  сменить пароль аккаунта (логин, текущий пароль,
                      новый пароль дважды)
        --reset       задать новый пароль по одноразовому коду из
                      register admin reset (логин, код, новый пароль дважды)
        --json        печатать результат в JSON, даже если stdout — терминал
        --plain       задавать вопросы построчно, без формы (так и будет само,
                      если stdin — не терминал или TERM равен dumb, не задан
                      или неизвестен)
        --lang en|ru  язык (по умолчанию из LC_ALL, LC_MESSAGES или LANG)
        --password-policy ФАЙЛ|off
                      правила для паролей в формате pwquality.conf(5) (по
                      умолчанию — системные, /etc/security/pwquality.conf);
                      off — не проверять пароль по правилам, только для
                      демонстраций
        --no-color    без цвета (и когда задана переменная NO_COLOR)
        --reserved ФАЙЛ  ещё имена, которые нельзя занять, по одному в строке
                      (# — комментарий)
        --unix-names  логины для useradd: сначала a-z, затем a-z, 0-9, - и _;
                      имена пользователей и групп системы заняты
        --idle-timeout СЕКУНДЫ  закончить сеанс, если столько времени нет ввода
                      (по SSH без этого параметра 300)
        --max-per-address N  не больше N аккаунтов с одного адреса клиента
                      (по SSH, из SSH_CONNECTION) за сутки
        --sessions-per-address N  не больше N сеансов сразу с одного адреса
                      клиента, по SSH (по умолчанию 3; сверх них код 6)
        --sessions N  не больше N сеансов сразу на этой машине, по SSH
                      (по умолчанию 64; сверх них код 6)
        --session-limit СЕКУНДЫ  закончить сеанс через столько секунд, что бы
                      ни вводилось (по SSH 900, если не задано; как SIGTERM,
                      код 143)
        --on-create КОМАНДА  выполнить КОМАНДУ (разбитую на слова, без shell)
                      после сохранения аккаунта, с переменными REGISTER_LOGIN,
                      REGISTER_PASSWORD_HASH, REGISTER_CREATED_AT и
                      REGISTER_CLIENT_ADDRESS; если она не удалась (или идёт
                      дольше 30 с), аккаунт удаляется (код 4)
        --config ФАЙЛ  файл сайта в формате register.conf(5) (по умолчанию
                      /etc/register/register.conf); параметр здесь важнее него
        --sign-ups-per-hour N  не больше N новых аккаунтов за любой час, откуда
                      угодно (считаются в базе)
        --failover-wait СЕКУНДЫ  сколько ждать недоступный сервер PostgreSQL
                      (по умолчанию 30)
        -h, --help    показать эту справку
        --version     показать версию

      Клавиши: Tab или ↓ — следующее поле, Shift-Tab или ↑ — предыдущее.
      Enter — к следующему полю, а в последнем, когда всё заполнено, — создать
      аккаунт (войти, сменить пароль); на кнопке Enter нажимает её. F2 или
      Ctrl-R — показать пароль. Esc — назад (на экране входа) или выйти;
      Ctrl-C — прервать; Ctrl-Z — приостановить.

      Как принудительная команда OpenSSH (см. docs/ssh.md) требует терминал
      (ssh -t); клиент может добавить sign-in (начать со входа) или plain
      (построчно, для ответов из канала).

      Код выхода: 0 — аккаунт создан, вход выполнен или пароль сменён; 1 — отмена,
      ответы кончились или не соответствуют требованиям, или не было ввода дольше
      --idle-timeout; 2 — ошибка в параметрах (а также по SSH без терминала или
      с неизвестной командой) или не удаётся применить правила для паролей; 3 — не
      удаётся открыть базу аккаунтов; 4 — команда --on-create не удалась (аккаунт
      удалён); 5 — при входе указан неверный логин или пароль (при смене пароля —
      логин или текущий пароль), или аккаунт ждёт одобрения или заблокирован;
      6 — регистрация закрыта, адрес запрещён или по SSH слишком много сеансов (см.
      --sessions-per-address и --sessions); 130 — прервано (Ctrl-C); 128+N —
      завершено сигналом N.
      """,
    loginCharacters: "Буквы, цифры и . _ -",
    loginUnixCharacters: "Строчные a-z, цифры, - и _",
    loginLooksTaken: "Похож на существующий логин",
    loginReserved: "Это имя зарезервировано",
    loginSystemName: "Это имя системного пользователя или группы",
    loginProblem: { problem in
      switch problem {
      case .space: "В логине не может быть пробелов"
      case .controlCharacter: "В логине не может быть управляющих символов"
      case .invisibleCharacter: "В логине не может быть невидимых символов"
      case .unknownCharacter: "Символ, которого нет в Юникоде"
      case .notAllowed(let character): "«\(character)» нельзя: только буквы, цифры, . _ -"
      case .startsWithPunctuation: "Начните с буквы или цифры"
      case .endsWithPunctuation: "Закончите буквой или цифрой"
      case .punctuationInARow: "Два знака из . _ - подряд"
      case .mixedScripts: "Смешаны разные алфавиты"
      case .mixedDigits: "Смешаны цифры разных систем счисления"
      case .repeatedMark: "Один и тот же знак над буквой дважды"
      case .tooManyMarks: "Слишком много знаков над одной буквой"
      case .tooLong(let limit):
        "Длиннее \(limit) \(russianPlural(limit, "символа", "символов", "символов"))"
      case .unixFirstCharacter: "Начните со строчной буквы a-z"
      case .unixCharacter(let character): "«\(character)» нельзя: только a-z, 0-9, - и _"
      }
    },
    cannotReadReservedNames: { "не удаётся прочитать зарезервированные имена из \($0): \($1)" },
    // The database file and the sign-in throttle (the store's area)
    databaseRefused: russianRefusal,
    tooManyAttempts: { "Слишком много попыток: подождите \(russianDuration($0))." },
    // Sign-up over SSH: limits for a public door, handing the account on, forced command
    addressLimitReached: {
      "Лимит исчерпан: \($0) \(russianPlural($0, "аккаунт", "аккаунта", "аккаунтов")) в сутки с адреса."
    },
    idleWarning: { "Нет ввода: сеанс закроется через \(russianDuration($0))." },
    idleClosed: { "ничего не вводилось \(russianDuration($0)): сеанс закрыт; ничего не изменено" },
    handOffFailed: "регистрацию не удалось завершить, аккаунт не сохранён; попробуйте позже",
    needsTerminal:
      "для формы нужен терминал: подключитесь с ssh -t (или передайте ответы построчно командой plain)",
    unknownCommand: {
      "неизвестная команда «\($0)»: есть команды sign-up (по умолчанию), sign-in, reset и plain"
    },
    invalidNumber: {
      "для \($0) нужно целое число от \($2.lowerBound) до \($2.upperBound), а не «\($1)»"
    },
    unbalancedQuote: { "\($0): не закрыта кавычка" },
    conflictingOptions: { "\($0) нельзя указать вместе с \($1)" },
    // PostgreSQL store (many hosts)
    storeUnreachable: { "сервер недоступен (\($0))" },
    // Change password (--change-password)
    changePasswordTitle: "Смена пароля",
    currentPasswordLabel: "Текущий пароль",
    newPasswordLabel: "Новый пароль",
    confirmNewPasswordLabel: "Повторите новый пароль",
    changePasswordButton: "Сменить пароль",
    changingPassword: "Меняем пароль…",
    newPasswordSameAsCurrent: "Новый пароль совпадает с текущим.",
    cannotChangePassword: { "Пароль не изменён: \($0)" },
    passwordChanged: { "Пароль аккаунта \($0) изменён." },
    // Строки, которые нельзя принять (построчный режим)
    answerNotUTF8: "Включите в терминале UTF-8: этот ответ не в кодировке UTF-8.",
    answerTooManyMarks: "Слишком много диакритических знаков подряд: ответ не принят.",
    // Жизнь аккаунтов
    applicationReceived:
      "Заявка принята; войти можно будет, когда её одобрят.",
    applicationWaiting: "Ваша заявка ждёт одобрения.",
    accountLocked: { reason in "Этот аккаунт заблокирован" + (reason.map { ": \($0)" } ?? ".") },
    // После «Аккаунт не создан: », как прочие причины хранилища
    signUpsClosed: { message in "регистрация закрыта" + (message.map { ": \($0)" } ?? "") },
    addressBanned: "регистрация с этого адреса не принимается",
    keyTaken: "этот SSH-ключ принадлежит другому аккаунту",
    signsInWithKey: "У этого аккаунта нет пароля: вход — по его SSH-ключу.",
    noPasswordsHere:
      "У аккаунтов здесь нет паролей (вход — по SSH-ключам): менять или сбрасывать нечего.",
    passwordTooLong: { "пароль длиннее \($0) байт" },
    signUpRateReached: { _ in "за этот час создано слишком много аккаунтов; попробуйте позже" },
    signUpNotAvailable: "Регистрация недоступна.",
    withContact: { message, contact in "\(message) (написать этому сайту: \(contact))" },

    // Сброс пароля (--reset)
    resetPasswordTitle: "Сброс пароля",
    forgotPasswordLink: "Забыли пароль?",
    resetCodeLabel: "Одноразовый код",
    resetPasswordButton: "Задать новый пароль",
    resettingPassword: "Задаю новый пароль…",
    wrongResetCode: "Неверный логин или код, либо срок кода истёк.",
    cannotResetPassword: { "Пароль не задан: \($0)" },

    // Ваш аккаунт на join@
    lastKeyRequired: "Это ваш последний ключ, а этому сайту он нужен: сначала добавьте другой.",
    removeKeyInUse: "Это ключ, с которым вы подключены. Удалите его ещё раз, чтобы подтвердить.",
    keyAdded: "Ключ добавлен.",
    keyRemoved: "Ключ удалён.",
    cannotChangeKeys: { "Ключи не изменены: \($0)" },
    accountTitle: { "Ваш аккаунт: \($0)" },
    noKeys: "SSH-ключей пока нет.",
    keyInUseMark: "(это подключение)",
    accountChoices: "a: добавить ключ, с которым вы подключены, p: вставить ключ, "
      + "r N: удалить ключ N, Enter: готово",
    accountChoice: "Выбор",
    pasteKeyLabel: "SSH-ключ (одна строка authorized_keys)",
    unknownChoice: "Такого варианта нет.",
    accountKeyColumns: ["Тип", "Отпечаток"],
    removeKeyAction: "r удалить",
    addConnectingKeyButton: "Добавить ключ, с которым вы подключены",
    addPastedKeyButton: "Добавить ключ",
    accountDoneButton: "Готово",
    keyLabel: "SSH-ключ",
    useConnectingKey: { "Этот ключ: \($0)" },
    pasteKeyOffer: "Вставить SSH-ключ (строку из файла .pub)",
    privateKeyDropped:
      "Это был закрытый ключ: он не сохранён. Никогда его не вставляйте; вставьте строку из файла .pub.",
    keyRefusal: { refusal in
      switch refusal {
      case .empty: "вставьте одну строку из файла .pub"
      case .notAKey: "это не открытый SSH-ключ"
      case .privateKey: "закрытый ключ: никогда его не вставляйте; вставьте строку из файла .pub"
      case .rsaTooShort: "ключу RSA нужно не меньше 2048 бит"
      case .typeNotAccepted(let name): "ключи этого типа не принимаются (\(name))"
      case .options: "параметры не принимаются; вставьте только ключ"
      case .severalLines: "один ключ в строке"
      case .controlCharacter: "в строке управляющий символ"
      case .tooLong: "слишком длинно для SSH-ключа"
      case .damaged: "ключ повреждён (обрезан?)"
      }
    },
    keyRequired: "Этому сайту нужен SSH-ключ"
  )

  private static func russianRefusal(_ refusal: DatabaseRefusal) -> String {
    func subject(_ companion: String?) -> String { companion.map { "файл \($0)" } ?? "файл" }
    return switch refusal {
    case .folderMissing(let folder):
      "папки \(folder) нет (создаётся только папка по умолчанию)"
    case .folderUnsafe(let folder):
      "папку \(folder) могут изменить другие пользователи: она должна принадлежать вам или root "
        + "и не быть доступной на запись группе и остальным (если у неё нет sticky-бита, как у /tmp)"
    case .isFolder: "это папка: укажите путь к файлу"
    case .symbolicLink(let companion):
      "\(subject(companion)) — символическая ссылка: укажите настоящий путь"
    case .notRegularFile(let companion): "\(subject(companion)) — не обычный файл"
    case .notOwned(let companion, let owner):
      "\(subject(companion)) принадлежит другому пользователю (uid \(owner)), а не вам"
    case .openToOthers(let companion, let mode):
      "\(subject(companion)) могут читать или менять другие пользователи (права \(octal(mode))): "
        + "если он ваш, выполните chmod 600"
    case .notADatabase: "это не база данных SQLite"
    case .foreignDatabase: "это база данных SQLite другой программы"
    case .newerSchema(let found, let known):
      "она записана более новой версией register (схема \(found), эта версия знает \(known))"
    }
  }

  /// `5 секунд`, `1 минуту`, `2 минуты`: whole minutes, rounded up, from a minute on; the
  /// noun agrees with the number.
  private static func russianDuration(_ seconds: Int) -> String {
    func plural(_ count: Int, _ one: String, _ few: String, _ many: String) -> String {
      let (tens, units) = (count % 100, count % 10)
      let noun =
        (11...14).contains(tens) ? many : units == 1 ? one : (2...4).contains(units) ? few : many
      return "\(count) \(noun)"
    }
    if seconds < 60 { return plural(seconds, "секунду", "секунды", "секунд") }
    return plural((seconds + 59) / 60, "минуту", "минуты", "минут")
  }
}

/// The genitive after a number: singular after 1, 21, 31… (not 11), plural otherwise.
private func russianGenitive(_ number: Int, one: String, many: String) -> String {
  number % 10 == 1 && number % 100 != 11 ? one : many
}

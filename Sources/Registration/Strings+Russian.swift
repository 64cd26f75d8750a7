extension Strings {
  public static let russian = Strings(
    signUpTitle: "Создание аккаунта",
    loginLabel: "Логин",
    passwordLabel: "Пароль",
    confirmationLabel: "Повторите пароль",
    show: "показать",
    hide: "скрыть",
    signUpButton: "Зарегистрироваться",
    haveAccount: "Уже есть аккаунт?",
    signInLink: "Войти",
    terminalTooSmall: "Окно слишком мало",
    creatingAccount: "Создаём аккаунт…",
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
      "Не менее \($0) \($0 % 10 == 1 && $0 % 100 != 11 ? "символа" : "символов")"
    },
    passwordUppercaseLatin: {
      $0 == 1 ? "Хотя бы одна заглавная буква A–Z" : "Заглавных букв A–Z: не менее \($0)"
    },
    passwordLowercaseLatin: {
      $0 == 1 ? "Хотя бы одна строчная буква a–z" : "Строчных букв a–z: не менее \($0)"
    },
    passwordDigits: { $0 == 1 ? "Хотя бы одна цифра" : "Цифр: не менее \($0)" },
    passwordSymbols: {
      $0 == 1 ? "Хотя бы один знак (не A–Z, a–z, 0–9)" : "Знаков (не A–Z, a–z, 0–9): не менее \($0)"
    },
    passwordKinds: { "Не менее \($0) видов из: a–z, A–Z, 0–9, знаки" },
    passwordHardToGuess: "Трудно угадать",
    checkingPassword: "Проверяем, трудно ли угадать",
    passwordRefusal: {
      switch $0 {
      case .dictionaryWord: "Легко угадать: основан на слове из словаря"
      case .containsLogin: "Легко угадать: содержит логин"
      case .similarToLogin: "Легко угадать: слишком похож на логин"
      case .basedOnUserName: "Легко угадать: из имени пользователя"
      case .tooFewDifferentCharacters: "Легко угадать: мало разных символов"
      case .palindrome: "Легко угадать: читается так же наоборот"
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
      case .needsSymbols: "Легко угадать: нужно больше знаков"
      case .needsMoreKinds: "Легко угадать: нужно больше видов символов"
      case .caseChangesOnly: "Легко угадать: старый в другом регистре"
      case .similarToOld: "Легко угадать: похож на старый пароль"
      case .rotatedOld: "Легко угадать: сдвинутый старый пароль"
      case .sameAsOld: "Легко угадать: совпадает со старым паролем"
      case .other: "Легко угадать: не принят правилами системы"
      case .cannotCheck: "Не проверен: нет словаря паролей"
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
    cannotUsePasswordPolicy: { "не удаётся применить правила паролей \($0): \($1)" },
    policyFileUnreadable: "файл не читается",
    policyFileMalformed: "слишком длинная строка",
    policyUnknownSetting: { "неизвестный параметр «\($0)»" },
    policyBadValue: { "для «\($0)» нужно число" },
    cannotLoadPasswordPolicy: {
      "не удаётся загрузить правила паролей системы (libpwquality): \($0); установите libpwquality1 или укажите --password-policy off (только для демонстраций)"
    },
    cannotSave: { "Не сохранено: \($0)" },
    cannotCheck: { "Логин не проверен: \($0)" },
    cannotSignIn: { "Вход не выполнен: \($0)" },
    accountCreated: { "Аккаунт \($0) создан." },
    signedIn: { "Вы вошли как \($0)." },
    inputEnded: "ввод закончился раньше, чем были даны все ответы; ничего не сделано",
    answersUnmet: "ответ не выполняет требования; ничего не сделано",
    unknownOption: { "неизвестный параметр «\($0)»" },
    unexpectedArgument: { "лишний аргумент «\($0)»" },
    missingValue: { "для \($0) нужно значение" },
    unknownLanguage: { "неизвестный язык «\($0)»: выберите en или ru" },
    tryHelp: "(см. register --help)",
    noDatabasePlace:
      "не удалось выбрать место для базы аккаунтов: не задана переменная HOME; укажите путь: --db ПУТЬ",
    cannotOpenDatabase: { "не удаётся открыть базу аккаунтов \($0): \($1)" },
    noTerminal: { "нет терминала для формы (\($0)): спрашиваем построчно" },
    unknownTerminal: { "неизвестный тип терминала «\($0)»: спрашиваем построчно" },
    crashed: "register аварийно завершился; терминал восстановлен.",
    help: """
      Использование: register [параметры]

      Создание аккаунта (или вход) в форме прямо в терминале. В случае успеха
      терминал восстанавливается и печатается результат: строка для человека, если
      stdout — терминал, иначе (или с --json) один объект JSON, так что
      account=$(register --json) работает.

      Параметры:
        --db ПУТЬ     база аккаунтов (по умолчанию $XDG_DATA_HOME/register/
                      accounts.sqlite или ~/.local/share/register/accounts.sqlite)
        --sign-in     начать с экрана входа
        --json        печатать результат в JSON, даже если stdout — терминал
        --plain       спрашивать построчно, без формы (также, если stdin не
                      терминал или TERM равен dumb, не задан или неизвестен)
        --lang en|ru  язык (по умолчанию из LC_ALL, LC_MESSAGES или LANG)
        --password-policy ФАЙЛ|off
                      правила паролей в виде pwquality.conf(5) (по умолчанию
                      системные, /etc/security/pwquality.conf); off — без
                      правил, только для демонстраций
        --no-color    без цвета (также, если задан NO_COLOR)
        -h, --help    показать эту справку
        --version     показать версию

      Клавиши: Tab или ↓ — следующее поле, Shift-Tab или ↑ — предыдущее.
      Enter — перейти к следующему полю или нажать кнопку. F2 или Ctrl-R — показать
      пароль. Esc — назад (на экране входа) или выйти; Ctrl-C — прервать;
      Ctrl-Z — приостановить.

      Код выхода: 0 — аккаунт создан или вход выполнен; 1 — отмена, ответы
      кончились или не выполняют требования; 2 — ошибка в параметрах или правила
      паролей не применить; 3 — база аккаунтов не открывается; 130 — прервано
      (Ctrl-C); 128+N — сигнал N.
      """
  )
}

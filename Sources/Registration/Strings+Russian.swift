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
        --db ПУТЬ|URI база аккаунтов: файл или postgresql://... для общей базы
                      многих хостов (по умолчанию $REGISTER_DB, иначе
                      $XDG_DATA_HOME/register/accounts.sqlite или
                      ~/.local/share/register/accounts.sqlite)
        --sign-in     начать с экрана входа
        --json        печатать результат в JSON, даже если stdout — терминал
        --plain       спрашивать построчно, без формы (также, если stdin не
                      терминал или TERM равен dumb, не задан или неизвестен)
        --lang en|ru  язык (по умолчанию из LC_ALL, LC_MESSAGES или LANG)
        --no-color    без цвета (также, если задан NO_COLOR)
        -h, --help    показать эту справку
        --version     показать версию

      Клавиши: Tab или ↓ — следующее поле, Shift-Tab или ↑ — предыдущее.
      Enter — перейти к следующему полю или нажать кнопку. F2 или Ctrl-R — показать
      пароль. Esc — назад (на экране входа) или выйти; Ctrl-C — прервать;
      Ctrl-Z — приостановить.

      Код выхода: 0 — аккаунт создан или вход выполнен; 1 — отмена, ответы
      кончились или не выполняют требования; 2 — ошибка в параметрах; 3 — база
      аккаунтов не открывается; 130 — прервано (Ctrl-C); 128+N — сигнал N.
      """
  )
}

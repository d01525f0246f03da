# Реверси 3D, русский: всё, что игрок читает вне окна справки.
# Цвет передаётся как $color = black или white: выбирайте по нему нужный падеж.

## Строка состояния

status-setting-up = Расстановка позиции, ход { $color ->
    [black] чёрных
   *[white] белых
}.
status-wins = Победили { $color ->
    [black] чёрные
   *[white] белые
}, { $high }:{ $low }.
status-wins-fewest = Победили { $color ->
    [black] чёрные
   *[white] белые
}, у них меньше фишек: { $high }:{ $low }.
status-draw = Ничья, { $high }:{ $low }.
status-passes = У { $color ->
    [black] чёрных
   *[white] белых
} нет хода: пас.
status-suspended = Игра остановлена: «Продолжить игру» (Ctrl+P) даст компьютеру сделать ход.
status-to-move = Ход { $color ->
    [black] чёрных
   *[white] белых
}.
status-computer-thinking = { $color ->
    [black] Чёрные
   *[white] Белые
} (компьютер) думают.
status-friend-to-move = Ход { $color ->
    [black] чёрных
   *[white] белых
} (ваш друг по сети).

## Сообщения о последнем действии игрока

notice-ggf-cannot-hold = В GGF нельзя записать партию варианта { $variant }: сохраните её как партию .ron.
notice-already-over = Партия уже окончена.
notice-nothing-to-undo = Здесь нечего отменять или возвращать.
notice-move-queued = Ход { $move } ждёт: он будет сделан, когда фишки остановятся.
notice-game-over = Партия окончена: начните новую или отмените ход.
notice-computer-turn = Сейчас ход компьютера (за { $color ->
    [black] чёрных
   *[white] белых
}).
notice-friend-turn = Сейчас ход вашего друга (за { $color ->
    [black] чёрных
   *[white] белых
}): его ход придёт по сети.
notice-stale-answer = Ответ компьютера пришёл для прежней позиции.
notice-cannot-play = { $color ->
    [black] Чёрные
   *[white] Белые
} не могут пойти на { $square }: { $reason }.
notice-cannot-pass = { $color ->
    [black] Чёрные
   *[white] Белые
} не могут пасовать: { $reason }.
move-square = { $square }
move-pass = Пас
notice-setup-begin = Расстановка позиции: щелчок по полю делает его по очереди чёрным, белым и пустым.
notice-setup-unplayable = Из этой позиции нельзя играть: { $reason }
notice-setup-done = Позиция расставлена, ход { $color ->
    [black] чёрных
   *[white] белых
}.
setup-no-discs = на доске нет { $color ->
    [black] чёрных
   *[white] белых
} фишек.
setup-centre-first = при пустом начале сперва заполняются четыре центральных поля, а уже потом остальные.
setup-no-moves = ни у одной стороны нет хода, партия была бы сразу окончена.
setup-centre-empty = четыре центральных поля заняты с начала партии, ни одно из них не может быть пустым.
setup-centre-order = пока заполняется центр, игроки по очереди ставят фишки своего цвета, первыми { $color ->
    [black] чёрные
   *[white] белые
}: так эти центральные фишки поставить нельзя.
setup-centre-turn = пока заполняется центр, игроки ходят по очереди, поэтому сейчас ход { $color ->
    [black] чёрных
   *[white] белых
}.

## Игроки

player-human = Человек
player-computer = Компьютер ({ $level })
player-online = Друг по сети
player-sparring = Спарринг-партнёр: { $setting } (около { $rating })
sparring-club = игрок клуба
sparring-strong-club = сильный игрок клуба
sparring-master = мастер
player-with-limit = { $player }, { $limit }
player-time-limit = не больше { $seconds } с на ход
level-beginner = новичок
level-intermediate = любитель
level-advanced = опытный
level-expert = эксперт
level-numbered = уровень { $number }

## Ошибки движка

move-error-occupied = поле { $square } уже занято
move-error-flips-nothing = ход { $square } ничего не переворачивает
move-error-pass-not-allowed = пасовать можно, только когда нет ни одного хода
move-error-off-board = поля { $square } нет на доске
move-error-flips-nothing-alone = { $square } ничего не переворачивает и не касается своих фишек
move-error-not-centre = { $square } — не пустое центральное поле, а первые четыре фишки ставятся туда
move-error-no-discs-left = у игрока не осталось фишек, он должен пасовать
move-error-game-over = партия окончена
board-error-empty = строка доски пуста: { $expected ->
    [one] нужно { $expected } поле
    [few] нужны { $expected } поля
   *[many] нужно { $expected } полей
} (X, O или -) и сторона, которая ходит
board-error-comment-first = текст начинается с комментария (;): сначала строка доски, потом ; и комментарий
board-error-square-count = { $expected ->
    [one] нужно { $expected } поле
    [few] нужно { $expected } поля
   *[many] нужно { $expected } полей
}, а найдено { $found }
board-error-missing-side = после { $expected ->
    [one] { $expected } поля
   *[other] { $expected } полей
} нужна сторона, которая ходит (X или O)
board-error-disc-off-board = поля { $square } нет на доске { $variant }, а строка доски ставит туда фишку
board-error-supply-exceeded = фишек на доске больше, чем два запаса варианта { $variant } могли выставить
board-error-bad-square = знак { $position } ('{ $found }') — не X, не O и не -
board-error-bad-side = знак { $position }: сторона хода '{ $found }' — не X и не O
board-error-trailing-text = знак { $position } ('{ $found }'): лишний текст после стороны хода (комментарий начинается с ;)
transcript-error-unexpected = знак { $position } ('{ $found }') не относится к ходу: нужно поле вроде f5, пас (pass, pa, --) или номер хода
transcript-error-not-a-square = знак { $position } ('{ $text }') — не поле: нужны поля от a1 до { $last }
transcript-error-no-moves = в тексте нет ходов, только разделители или номера: нужны поля вроде f5
transcript-error-illegal-move = ход { $number } ({ $move }): { $reason }
illegal-move-flips-nothing = ничего не переворачивает
illegal-move-occupied = поле уже занято
illegal-move-game-over = партия окончена
illegal-move-off-board = такого поля нет на доске
illegal-move-flips-nothing-alone = ничего не переворачивает и не касается своих фишек
illegal-move-not-centre = первые четыре фишки ставятся на пустые центральные поля
illegal-move-no-discs-left = у игрока не осталось фишек, он пасует
illegal-move-pass-not-allowed = пас невозможен: есть ход { $legal }
ggf-error = партия GGF { $game }: { $error }
ggf-error-no-game = в тексте нет партии: партия GGF начинается с (;
ggf-error-many-games = в тексте { $count } { $count ->
    [one] партия
    [few] партии
   *[many] партий
}, а ожидалась одна
ggf-error-unexpected = знак { $position } ('{ $found }'): ожидалось { $expected }
ggf-error-truncated = партия, начатая на знаке { $start }, оборвана: нет закрывающих ;)
ggf-error-unclosed = у свойства { $property } на знаке { $position } нет закрывающей ]
ggf-error-not-othello = GM[{ $found }] — не партия в отелло
ggf-error-board-size = доска { $size }x{ $size } ({ $property }): читаются только квадратные доски чётного размера от 4 до 16
ggf-error-synchro = TY[{ $found }] — синхронная партия (две партии сразу), её нельзя прочесть
ggf-error-bad-value = { $property }[{ $value }] на знаке { $position }: { $reason }
ggf-error-bad-move = ход { $number } на знаке { $position } ({ $text }): { $reason }
ggf-error-illegal-move = ход { $number } на знаке { $position } ({ $move }): { $reason }

## Файлы

error-detail = { $detail }
error-no-config-dir = в этой системе нет папки для настроек
read-error-missing = такого файла нет
read-error-not-a-file = это не обычный файл
read-error-newer-format = он сохранён более новой версией (формат { $found }); эта версия читает формат { $read }
read-error-too-large = файл слишком велик ({ $bytes } байт)
notice-file-left = Не удаётся прочесть { $path } ({ $problem }). Файл оставлен как есть и не будет перезаписан; { $fallback ->
    [game] незаконченная партия не предлагается
   *[defaults] взяты настройки по умолчанию
}.
notice-file-set-aside = Не удалось прочесть { $path } ({ $problem }). Файл сохранён как { $aside }; { $fallback ->
    [game] незаконченная партия не предлагается
   *[defaults] взяты настройки по умолчанию
}.
notice-file-kept = Не удалось ни прочесть { $path } ({ $problem }), ни отложить его ({ $error }). Файл не будет перезаписан; { $fallback ->
    [game] незаконченная партия не предлагается
   *[defaults] взяты настройки по умолчанию
}.
error-cannot-encode = не удалось записать { $path } в нужном виде: { $detail }
error-cannot-write = не удалось записать { $path }: { $detail }
error-kept-untouched = { $path } не удалось прочесть при запуске, и он оставлен как есть
error-write-folder = не удалось записать { $path }: это папка
error-cannot-create = не удалось создать { $path }: { $detail }
error-locked = { $path } сейчас обновляет другая копия игры
error-cannot-lock = не удалось заблокировать { $path }: { $detail }
error-cannot-remove = не удалось удалить { $path }: { $detail }
error-cannot-read = не удалось прочесть { $path }: { $error }
notice-database-opened = База партий: { $games } партий из { $folder }.
notice-database-opened-damaged = База партий: { $games } партий из { $folder }; { $damaged } из них обрываются на ходе, который нельзя сыграть.
notice-database-failed = Не удалось открыть базу партий { $folder }: { $error }
notice-database-not-remembered = При следующем запуске база партий не откроется сама: { $error }
notice-database-game-gone = Этой партии больше нет в базе.
error-database-file-too-large = { $path } слишком велик для файла WTHOR
error-database-no-games = в папке нет файлов партий WTHOR (WTH_ГГГГ.wtb)
error-wthor-no-header = { $file } занимает всего { $length } байт — слишком мало для файла WTHOR
error-wthor-ten-by-ten = в { $file } партии на доске 10×10; читаются только партии 8×8
error-wthor-board-size = { $file } рассчитан на размер доски ({ $size }), которого в WTHOR нет
error-wthor-length = { $file } объявляет { $records } записей, { $expected } байт, а содержит { $found } байт: он обрезан или повреждён
error-wthor-too-many-games = с { $file } в базе стало бы больше { $most } партий
error-wthor-disc-count = { $file }: партия { $number } даёт чёрным { $discs } фишек — больше, чем полей на доске
notice-unfinished-goes-on = Неоконченная партия продолжается.
notice-autosave-failed = Партию не удалось сохранить автоматически: { $error }.
notice-statistics-not-saved = Статистика не сохранена: { $error }
notice-statistics-reset-not-saved = Статистика сброшена, но не сохранена: { $error }
notice-options-not-saved = Настройки уже действуют, но не сохранены: { $error }
notice-file-exists = { $path } уже существует: партия не записана поверх него.
notice-saved = Партия сохранена в { $path }.
notice-not-saved = Партия не сохранена: { $error }
notice-picture-saved = Картинка сохранена в { $path }.
notice-picture-not-saved = Картинка не сохранена: { $error }
notice-picture-exists = { $path } уже существует: картинка не записана поверх.
notice-opening = Открывается { $path }...
notice-recent-not-saved = Список последних файлов не удалось сохранить: { $error }.
notice-opened = Открыт файл { $path }.
notice-opened-game = Открыта партия { $number } из { $path }.
notice-no-such-game = В { $path } нет партии { $number }; текущая партия не изменилась.
notice-pasted = Вставлено.
notice-paste-failed = В буфере обмена нет ни записи партии, ни позиции: { $error }. Партия не изменилась.
notice-ggf-holds-games = В файле { $path } { $count } { $count ->
    [one] партия
    [few] партии
   *[many] партий
}: выберите одну в списке.
notice-cannot-open = Не удалось открыть { $path }: { $error }.
notice-not-a-game = { $path } — не сохранённая партия Реверси, не файл GGF и не запись ходов: { $detail }. Текущая партия не изменилась.
notice-not-ggf = { $path } — не тот файл GGF, который может прочесть игра: { $error }. Текущая партия не изменилась.
ggf-game-line = { $number }. { $black } – { $white }, { $moves } { $moves ->
    [one] ход
    [few] хода
   *[many] ходов
}{ $details }
color-name = { $color ->
    [black] Чёрные
   *[white] Белые
}
notice-type-column-first = Сначала наберите букву столбца a–{ $last }, затем номер ряда.
notice-type-row = { $column }_ : наберите номер ряда 1–{ $rows }
notice-type-row-more = { $square }_ : наберите ещё цифру (ряды до { $rows }) или Enter, чтобы сходить на { $square }
notice-no-such-row = На этой доске нет ряда { $row }: ряды от 1 до { $rows }.
window-title = Реверси 3D
theme-classic = Классическая зелёная
theme-red-brown = Красно-коричневая Реверси
theme-white = Белая Реверси
theme-dark-room = Тёмная комната
theme-high-contrast = Высокий контраст
hints-as-level = как уровень «{ $level }»
hints-exact = точные, когда позицию можно решить
language-system = Системный (русский или английский)
language-english = English
language-russian = Русский

## Действия: меню, кнопки, клавиши

keys-either = { $first } или { $second }
action-new-game = Новая игра
action-resign = Сдаться
action-undo = Отменить ход
action-redo = Вернуть ход
action-undo-all = Отменить все ходы
action-redo-all = Вернуть все ходы
action-resume = Продолжить игру
action-move-now = Ходить сейчас
action-stop = Остановить
action-options = Настройки
action-statistics = Статистика
action-help = Справка
action-about = О программе
action-reset-view = Вернуть вид
action-full-screen = Во весь экран
action-best-line = Показать лучший вариант
action-exit = Выход
action-with-keys = { $action } ({ $keys })

## Над доской

banner-game-over = Партия окончена
banner-wins = Победили { $color ->
    [black] чёрные
   *[white] белые
}!
banner-draw = Ничья.
banner-score = Чёрные { $black }  –  Белые { $white }
banner-fewest-discs-win = Поддавки: побеждает тот, у кого меньше фишек.
banner-pass = Пас
banner-passes = У { $color ->
    [black] чёрных
   *[white] белых
} нет хода: пас

## Кнопки многих окон

button-new-game = Новая игра
button-review = Разбор
button-close = Закрыть
button-cancel = Отмена
button-ok = ОК
button-open = Открыть

## График оценки

graph-ahead = { $color ->
    [black] Чёрные
   *[white] Белые
} +{ $margin }
graph-even = поровну
graph-start = Начало
graph-after-move = После { $number }. { $square }
graph-after-pass = После паса
graph-not-scored = { $position }: ещё не оценено
graph-point = { $position }: { $score } ({ $kind })
graph-exact = точно
graph-estimate = оценка
graph-book = дебютная книга

## Боковая панель

side-panel-title = Реверси
side-panel-count = { $color ->
    [black] Чёрные
   *[white] Белые
}: { $count }
side-panel-discs-left = { $count ->
    [one] осталась { $count } фишка
    [few] осталось { $count } фишки
   *[many] осталось { $count } фишек
}
side-panel-thinking = думает
side-panel-pondering = думает в ваше время
side-panel-study-side = Учёба (книга или задача)
side-panel-to-move = ходит
side-panel-opening = Дебют: { $name }
side-panel-evaluation = Оценка
side-panel-moves = Ходы
side-panel-comment-hint = Заметка к ходу { $move }…
notice-comment-no-move = Этого хода в партии уже нет: заметка не сохранена.
search-solved = решено до конца, { $empties } { $empties ->
    [one] пустое поле
    [few] пустых поля
   *[many] пустых полей
}
search-probable = решено до конца с вероятностью { $percent } %, { $empties } { $empties ->
    [one] пустое поле
    [few] пустых поля
   *[many] пустых полей
}
search-hints = Подсказки
search-depth = глубина { $depth }
search-million-nodes = { $count } млн позиций
search-thousand-nodes = { $count } тыс. позиций
toolbar-new-game = Новая игра
toolbar-undo-all = Отменить все
toolbar-undo = Отменить
toolbar-redo = Вернуть
toolbar-redo-all = Вернуть все
toolbar-resign = Сдаться
toolbar-resume = Продолжить
toolbar-reset-view = Вернуть вид
move-list-start = начало
move-list-pass = пас
move-list-side-lines = Другие варианты
move-list-side-line-instead = Вариант, сыгранный вместо { $move }: нажмите, чтобы перейти к нему
move-list-side-line-after = Вариант после последнего хода записи: нажмите, чтобы перейти к нему
move-list-side-line-more = ещё { $count }

## Меню

menu-game = Игра
menu-save-game = Сохранить партию…
menu-open-game = Открыть партию…
menu-copy-transcript = Копировать запись партии
menu-copy-position = Копировать позицию
menu-paste = Вставить запись или позицию
menu-review-game = Разбор партии
menu-set-up = Расставить позицию…
menu-save-picture = Сохранить позицию картинкой…
menu-game-record = Запись партии (кифу)…
menu-move = Ход
menu-show-hints = Подсказки (оценка каждого хода)
menu-evaluation-graph = График оценки (оценка движка после каждого хода)
menu-new-game-from = Новая игра с особым началом
menu-random-start = Случайное начало
menu-xot = Дебют XOT (8 ходов, почти равный)
notice-xot-othello-only = Дебюты XOT — для отелло 8×8, где первыми ходят чёрные: выберите его в «Настройки» > «Доска и правила».
menu-random-discs = { $discs } фишек
menu-handicap-for = Фора { $color ->
        [black] чёрным
       *[white] белым
    }
menu-handicap-corners = { $corners ->
        [one] { $corners } угол
        [few] { $corners } угла
       *[other] { $corners } углов
    }
notice-no-corners = На этой доске нет углов для форы.
menu-analyse = Анализировать, пока не остановлю
side-panel-analysis = Анализ
side-panel-time-spent = { $minutes ->
        [0] потрачено меньше минуты
        [one] потрачена { $minutes } минута
        [few] потрачено { $minutes } минуты
       *[other] потрачено { $minutes } минут
    }
analysis-not-now = Анализируется позиция, которую вы изучаете (ваш ход или игра приостановлена).
analysis-starting = Поиск…
analysis-depth = Глубина { $depth }, поиск идёт глубже
analysis-stopped = Остановлено на глубине { $depth }
analysis-solved = Решено до конца партии
menu-view = Вид
menu-help = Справка
menu-help-rules = Правила
menu-help-playing = Как играть
menu-help-menus = Меню
menu-help-options = Настройка игры
menu-help-strategy = Стратегия
menu-study = Учёба
menu-opening-trainer = Тренажёр дебютов…
menu-puzzles = Задачи…
trainer-title = Тренажёр дебютов
trainer-choose = Отработать дебют
trainer-opening = Дебют:
trainer-any-line = Любой книжный вариант
trainer-colour = Вы играете:
trainer-start = Начать
trainer-due = Пора повторить сегодня
trainer-summary = Как шли дебюты
trainer-summary-drill = Дебют
trainer-summary-box = Ящик
trainer-summary-right = Верно
trainer-summary-wrong = Ошибок
trainer-summary-due = Повтор
trainer-drill = { $line } за { $color ->
    [black] чёрных
   *[white] белых
}
trainer-play = Сыграйте книжный ход на доске; книга ответит.
trainer-book-move = Книжный ход: книга оценивает его в { $score } для вас.
trainer-not-book = Это не книжный ход: он стоит { $cost } { $cost ->
    [one] фишку
    [few] фишки
   *[other] фишек
}. Книга играет { $best }; запомните продолжение: { $line }.
trainer-try-again = Ещё раз
trainer-go-on = Продолжить отсюда
trainer-passed = Вариант пройден, все ходы книжные: он вернётся позже.
trainer-failed = Вариант пройден, ходов не по книге: { $mistakes }; он вернётся завтра.
trainer-stop = Закончить
study-due-now = сейчас
study-due-in = через { $days } { $days ->
    [one] день
    [few] дня
   *[other] дней
}
puzzles-title = Задачи
puzzles-next = Следующая задача
puzzles-own-count = из ваших партий: { $count }
puzzles-empties = пустых: { $count }
puzzles-new = не решалась
puzzles-tried = верно { $right }, неверно { $wrong }, повтор { $due }
puzzles-play = Решать
puzzles-ffo = Задача на окончание FFO №{ $number }
puzzles-own = Ваша партия { $game }, ход { $number }
puzzles-find = Ход { $color ->
    [black] чёрных
   *[white] белых
}: найдите лучший ход. ({ $name })
puzzles-play-answer = Сыграйте ответ на доске.
puzzles-checking = Проверяю { $answer }…
puzzles-exact = точно
puzzles-estimated = оценка
puzzles-right = Верно: { $answer } — лучший ход, { $score } ({ $kind }).
puzzles-wrong = { $answer } даёт { $score } ({ $kind }); лучший ход { $best } даёт { $best_score }. Лучший ответ соперника: { $reply }.
puzzles-try-again = Ещё раз
notice-study-not-saved = Ваши занятия не сохранены: { $error }
notice-drill-refused = Это упражнение не начать: { $error }
notice-puzzle-refused = Позицию этой задачи не расставить.
notice-drill-passed = Дебютный вариант пройден без ошибок.
notice-drill-failed = Дебютный вариант пройден, ходов не по книге: { $mistakes }.
notice-puzzle-not-checked = Ответ не удалось проверить: { $error }
notice-puzzles-added = Новых задач из ошибок этой партии: { $count } («Учёба > Задачи»).
menu-help-history = История игры
menu-help-shortcuts = Клавиши
menu-help-index = Указатель
menu-help-about = О программе
notice-copied = Скопировано: { $transcript }
notice-copied-nothing = Скопировано: (ходов ещё нет)
notice-no-clipboard = В этой системе нет буфера обмена.
notice-clipboard-empty = В буфере обмена нет текста.

## Сохранить, открыть, партии файла GGF

file-save-title = Сохранить партию
file-open-title = Открыть партию
file-save = Сохранить
file-saved-games = Сохранённые партии:
file-name = Файл:
file-save-hint = В .ron сохраняется всё (ходы для возврата, игроки, часы); имя на .ggf записывает GGF для игровых серверов, NBoard и других программ.
file-open-hint = Сохранённая партия (.ron), файл GGF с одной или многими партиями или запись ходов (f5d6c3...).
file-database-title = Открыть базу партий
file-database-hint = Папка с файлами WTHOR (WTH_1977.wtb ... и WTHOR.JOU, WTHOR.TRN), скачанными с сайта Французской федерации отелло.
database-title = База партий
database-none = База партий не открыта.
database-reading = Читаю { $folder }…
database-folder = { $games } партий из { $folder }
database-choose = Выбрать папку…
database-where = Французская федерация отелло публикует все турнирные партии с 1977 года в файлах WTHOR (ffothello.org, «Base WTHOR»). Скачайте их в папку и выберите её здесь: для позиции на доске вы увидите каждый сыгранный из неё ход и партии, которые к ней пришли.
database-standard-only = В базе партии обычного отелло 8×8, а у этой доски другие правила.
database-no-moves = Ни одна партия базы не пришла к этой позиции.
database-move = Ход
database-games = Партий
database-score = Средний счёт
database-won = Выиграно
database-games-shown = Партии { $from }–{ $to } из { $total }, пришедших к этой позиции
database-earlier = Раньше
database-later = Дальше
database-year = Год
database-black = Чёрные
database-white = Белые
database-result = Счёт
database-tournament = Турнир
database-replay = Открыть
menu-game-database = База партий…
file-filter-games = Партии (сохранённые, GGF, записи ходов)
file-filter-saved = Сохранённая партия (.ron)
file-filter-ggf = Партия GGF (.ggf)
file-filter-picture = Картинка PNG
notice-chooser-failed = Системное окно выбора файла не открылось: введите путь к файлу.
file-recent = Последние партии
file-recent-none = Последних партий нет
file-picture-title = Сохранить картинку
file-picture-hint = Картинка PNG: доска сверху с координатами, чтобы поделиться или напечатать.
picture-discs = Чёрные { $black } – белые { $white }.
picture-record = Запись партии: { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[many] { $moves } ходов
}
picture-record-players = { $black } – { $white }. { $record }
record-title = Запись партии
record-save-picture = Сохранить картинку с позицией…
file-replace-question = { $path } уже существует. Заменить?
file-replace = Заменить
game-list-title = Открыть партию: { $name }
game-list-count = { $count } { $count ->
    [one] партия. Выберите её:
    [few] партии. Выберите одну:
   *[many] партий. Выберите одну:
}

## Разбор партии

review-title = Разбор партии
review-working = Движок просматривает партию…
engine-busy-waiting = Ждёт движок: сначала ход компьютера и то, что вы видите на доске.
review-progress = ход { $done } из { $total }
review-game-changed = Партия изменилась после этого разбора.
review-no-mistakes = Ошибок нет: каждый ход не хуже лучшего хода движка.
review-mistakes = { $count ->
    [one] { $count } ход потерял фишки по сравнению с лучшим.
    [few] { $count } хода потеряли фишки по сравнению с лучшим.
   *[many] { $count } ходов потеряли фишки по сравнению с лучшим.
} Щёлкните по ходу, чтобы увидеть позицию и лучший вариант.
review-mistake = { $number }. { $color ->
    [black] Чёрные
   *[white] Белые
} { $played } теряют { $loss }: лучше было { $best } ({ $best_score } против { $played_score }), { $kind }
review-exact = точно
review-estimated = по оценке
review-book = по дебютной книге
review-again = Разобрать снова
review-player = Игрок
review-moves = Ходов
review-average-loss = Средняя потеря
review-mistake-count = Ошибок
review-blunder-count = Грубых ошибок
review-color = { $color ->
    [black] Чёрные
   *[white] Белые
}
graph-mistake = Ошибка: этот ход потерял { $loss } против { $best }.
graph-blunder = Грубая ошибка: этот ход потерял { $loss } против { $best }.

## Расстановка, статистика, неоконченная партия

setup-title = Расстановка позиции
setup-how = Щёлкните по полю (или наберите его), чтобы сделать его чёрным, затем белым, затем пустым.
setup-counts = Чёрных { $black }, белых { $white }
setup-to-move = Ходят:
setup-clear = Очистить доску
setup-start = Начальная позиция
setup-done = Готово
statistics-variant = Партии: { $variant }
statistics-title = Статистика
statistics-black-vs-white = Чёрные против белых
statistics-black = Чёрные
statistics-white = Белые
statistics-computer-vs-user = Компьютер против игрока { $name }
statistics-computer = Компьютер
statistics-friend-vs-user = Друзья по сети против игрока { $name }
statistics-friend = Друзья
statistics-reset = Сбросить
statistics-reset-question = Удалить из статистики все партии варианта «{ $variant }»? Это нельзя отменить.
statistics-reset-confirm = Сбросить эти результаты
statistics-wins = Победы
statistics-draws = Ничьи
statistics-discs = Всего фишек
statistics-games = Партии
unfinished-title = Неоконченная партия
unfinished-offer = Когда Реверси закрылась в прошлый раз, шла партия (сохранена { $date } UTC): после { $moves } { $moves ->
    [one] хода
   *[other] ходов
} у чёрных ({ $black_player }) фишек: { $black }, у белых ({ $white_player }): { $white }, ход { $color ->
    [black] чёрных
   *[white] белых
}.
unfinished-continue = Продолжить её

## Настройки

options-title = Настройки
options-display = Вид
options-language = Язык
options-theme = Оформление
options-show-valid-moves = Показывать возможные ходы
options-preview-moves = Предпросмотр хода (фишка и переворачиваемые фишки под указателем)
options-animate-moves = Анимация ходов
options-animation-speed = скорость анимации
options-sound = Звук
options-volume = громкость
options-ui-scale = размер меню, панели и окон
options-board-colour = Цвет доски
options-valid-move-colour = Цвет возможных ходов
options-active-square-colour = Цвет поля под указателем
options-move-indicator-colour = Цвет отметки хода
options-players = Игроки
options-computer-time = Время компьютера
options-time-of-level = своё у каждого уровня
options-hints = Подсказки
options-ponder = Обдумывание
options-ponder-check = Компьютер думает в ваше время
names-title = Добро пожаловать в Реверси
names-why = Кто играет? Ваше имя попадёт в сохранённые партии, их файлы GGF, запись партии, статистику и сетевые партии. Если за этим компьютером играют двое, назовите и второго игрока. Оба имени можно потом изменить в настройках.
names-play = Играть
names-skip = Не сейчас
options-second-name = Второй игрок (двое за компьютером)
options-second-name-hint = имя белых, когда играют двое
options-pace = Темп компьютера
options-pace-instant = Отвечает сразу
options-pace-seconds = Не меньше { $seconds } с на ответ
options-book = Дебютная книга
options-book-check = Компьютер играет книжные ходы в дебюте
options-analysis = Поиск для анализа
options-threads-all = все ядра
options-threads = { $count ->
    [one] { $count } поток
    [few] { $count } потока
   *[other] { $count } потоков
}
options-table = таблица { $mb } МБ
options-level-numbered = Компьютер, уровень по номеру…
options-level-number-hint = Уровень от 1 до 60: на сколько полуходов считает компьютер (окончание он решает с 8 пустыми полями больше). Четыре именованных уровня — примерно 2, 6, 10 и 16.
options-variant = Доска и правила
variant-othello = Отелло { $size }×{ $size }
variant-reversi = Реверси, начало рядом, { $size }×{ $size }
variant-eight-star = Восьмиконечная звезда
variant-reversi-1876 = Реверси, правила 1876 года
variant-reverse = Отелло-поддавки { $size }×{ $size }
variant-custom = Свои правила, { $size }×{ $size }
options-board-size = Размер доски
options-board-shape = Форма доски
options-shape-square = квадрат
options-shape-star = звезда (углы срезаны)
options-start = Начало
options-start-diagonal = по диагонали
options-start-side-by-side = рядом
options-start-empty = пустой центр
options-supply = Фишки
options-supply-shared = общие, можно занимать
options-supply-fixed = свои:
options-supply-each = { " " }у каждого
options-placement = Постановка
options-placement-next-to-own = ещё и рядом со своей фишкой, ничего не переворачивая
options-goal = Побеждает
options-goal-most = больше фишек
options-goal-fewest = меньше фишек (поддавки)
options-first-move = Первый ход
options-scoring = Подсчёт очков
options-disc-count = По фишкам
options-empties-to-winner = Пустые поля победителю
options-clock = Часы
options-minutes = { " " }мин
options-seconds-a-move = { " " }с/ход
options-clock-off = выкл.
options-when = Игроки меняются сразу; доска и правила, первый ход, подсчёт очков и часы — со следующей новой партии.
options-restore-defaults = По умолчанию
preparing-board = Подготовка доски…
window-title-preparing = { $title } — Подготовка доски…

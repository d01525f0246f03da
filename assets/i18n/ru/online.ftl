## Игра с другом по интернету

online-title = Игра с другом по сети
menu-play-online = Игра с другом по сети…
online-invite-heading = Пригласить
online-invite-explained = Создайте приглашение и отправьте его другу в любом мессенджере. Регистрация не нужна.
online-your-name = Ваше имя
online-your-color = Ваш цвет
online-color-black = Чёрные
online-color-white = Белые
online-color-chance = Жребий
online-clock = Часы
online-clock-none = Без часов
online-clock-minutes = { $minutes } мин + { $increment } с
online-pause-limit = Если связь прервётся, часы стоят
online-pause-minutes = { $minutes ->
    [1440] сутки
   *[other] { $minutes } мин
} всего
online-engine-help = Разрешить подсказки, лучшую линию и график оценки
online-make-invitation = Создать приглашение
online-join-heading = Присоединиться к другу
online-join-explained = Вставьте приглашение, которое прислал ваш друг.
online-join = Присоединиться
online-invitation-to-send = Отправьте это приглашение другу:
online-copy = Копировать
online-waiting = Ждём, когда друг присоединится…
online-opponent = { $color ->
    [black] Чёрные
   *[white] Белые
}: { $name }
online-you = вы
online-line-connected = Соединение есть.
online-line-waiting = Соединяемся…
online-line-down = Связь с другом прервалась: партия ждёт, часы стоят не дольше, чем задано в приглашении.
online-line-failed = Сеть недоступна: { $error }
online-help-allowed = В этой партии помощь движка разрешена.
online-help-forbidden = В этой партии помощь движка запрещена.
online-offer-draw = Предложить ничью
online-ask-undo = Попросить вернуть ход
online-accept = Принять
online-decline = Отклонить
online-their-offer-draw = { $name } предлагает ничью.
online-their-offer-undo = { $name } просит вернуть свой последний ход.
online-your-offer = Ваше предложение ждёт ответа.
online-chat = Чат
online-send = Отправить
online-notices = Отклонено из программы друга
online-leave = Выйти из сетевой партии (неоконченная партия будет сдана)
online-show-game = Вернуться к сетевой партии
online-set-aside = Сетевая партия продолжается в фоне.

## Сообщения

online-inviting = Приглашение готово в окне «Игра с другом по сети»: отправьте его другу.
online-joining = Присоединяемся к партии друга…
online-connected = Соединение с { $name } установлено.
online-resuming = Продолжаем сетевую партию с { $name }.
online-left = Вы вышли из сетевой партии.
online-one-game-at-a-time = Сетевая партия уже идёт: сначала выйдите из неё.
online-no-game = Сетевой партии нет.
online-failed = Сеть недоступна: { $error }
online-game-kept = Сетевая партия сохранена в { $path }.
online-not-your-turn = Сейчас не ваш ход.
online-nothing-to-undo = Вам нечего возвращать.
online-offer-pending = Ваше предложение ждёт ответа.
online-no-offer = Нет предложения, на которое нужно ответить.
online-offered-draw = Друг предлагает ничью (окно сетевой игры).
online-offered-undo = Друг просит вернуть свой последний ход (окно сетевой игры).
online-declined-draw = Друг отклонил ничью.
online-declined-undo = Друг не согласился вернуть ваш ход.
online-refused-invitation = Программа друга не знает этого приглашения: попросите новое.
online-refused-seat = К этой партии уже присоединился другой игрок: приглашение — для одного друга.
online-refused-version = У друга другая версия игры: нужна одна и та же версия.
online-invitation-empty = Сначала вставьте приглашение.
online-invitation-too-long = Этот текст слишком длинный для приглашения.
online-invitation-not-one = Это не приглашение Reversi 3D: оно начинается с reversi3d://join/
online-invitation-damaged = Приглашение повреждено: при копировании часть потерялась или изменилась. Попросите его снова.
online-invitation-later = Приглашение создано более новой версией игры: обновите игру.
online-bad-invitation = Сохранённое приглашение не читается: { $error }

## Что отклонено из программы друга (в партии ничего не изменилось)

online-violation = Отклонено: { $what }.
online-violation-illegal = ход { $number } ({ $move }) не по правилам
online-violation-out-of-turn = ход { $number } пришёл не в свою очередь
online-violation-after-end = ход или предложение после конца партии
online-violation-forged = результат, которого в партии нет
online-violation-clock = часы, на которых осталось { $claimed } с, когда видно было { $seen } с
online-violation-answer = ответ на предложение, которого вы не делали
online-violation-offer = возврат, отменяющий больше последнего хода друга
online-violation-desync = запись партии, расходящаяся с вашей
online-violation-out-of-place = сообщение, неуместное в партии
online-trouble-oversized = Другая программа прислала сообщение в { $bytes } байт, куда больше любого из тех, что шлёт игра: соединение закрыто.
online-trouble-malformed = Другая программа прислала сообщение, которое не удалось прочесть: соединение закрыто.
online-trouble-flood = Другая программа прислала слишком много сообщений слишком быстро: соединение закрыто.
online-trouble-wrong-invitation = Программа без вашего приглашения пыталась присоединиться и получила отказ.
online-trouble-seat-taken = Третья программа пыталась занять место вашего друга и получила отказ.
online-trouble-other-version = Программа другой версии пыталась присоединиться и получила отказ.
online-trouble-silent = Программа не представилась вовремя и получила отказ.
notice-online-board = Доска занята сетевой партией: попросите друга вернуть ход в окне сетевой игры или сначала выйдите из сетевой партии.
options-online = Игры по сети
options-relay = Ретранслятор
options-relay-public = Общие ретрансляторы (без регистрации): связь через любой домашний роутер
options-relay-off = Нет: только прямые соединения (одна сеть или открытые порты)
options-relay-own = Свой ретранслятор:
online-clock-stopped = стоят

online-not-a-game = Это приглашение на турнир, а не на одну партию.
online-not-a-championship = Это приглашение на одну партию, а не на турнир.
online-invite-friend = Одна партия с другом
online-invite-championship = Турнир среди друзей
championship-explained = До 8 игроков, включая вас. Каждая пара играет дважды, по разу каждым цветом; партии начинаются, когда игроки свободны. Отправьте приглашение каждому игроку.
championship-title-label = Название:
championship-players = Игроков, включая вас:
championship-make-invitation = Создать приглашение на турнир
championship-inviting = Приглашение на турнир готово в окне «Игра с другом по сети»: отправьте его каждому игроку.
championship-joining = Подключение к турниру…
championship-gathering = Присоединились { $joined } из { $players } игроков. Партии начнутся, когда соберутся все.
championship-started = Все в сборе: турнир начинается.
championship-game-begins = Начинается партия { $number }, соперник — { $name }.
championship-your-game = Ваша партия сейчас: партия { $number }
championship-waiting-for-opponent = Ожидание свободного соперника: следующая партия начнётся, как только он освободится.
championship-no-game-now = Сейчас у вас нет идущей партии турнира.
championship-finished = Турнир окончен: все партии засчитаны. Сохраните таблицу и партии в окне «Игра с другом по сети».
championship-line-down = Связь с организатором турнира прервалась: ваша партия ждёт, а часы стоят в пределах, указанных в приглашении.
championship-table-heading = Таблица: решено { $decided } из { $games } партий
championship-place = Место
championship-player = Игрок
championship-games = Партий
championship-won = Побед
championship-drawn = Ничьих
championship-lost = Поражений
championship-points = Очки
championship-discs = Фишки
championship-save = Сохранить таблицу и партии (GGF)
championship-saved = Таблица и партии сохранены в { $path }.
championship-not-begun = Турнир ещё не начался: сохранять пока нечего.
championship-leave = Покинуть турнир (идущая партия будет сдана, следующие не будут сыграны)
championship-left = Вы покинули турнир.
championship-resuming = Продолжается турнир «{ $title }».
championship-refused-report = Отчёт о результате отклонён; таблица не изменилась ({ $detail }).
championship-refused-roster = Список игроков от организатора отклонён ({ $detail }).
championship-refused-message = Сообщение отклонено; ничего не изменилось ({ $detail }).
championship-invitation-to-send = Отправьте это приглашение каждому игроку:
championship-away = нет связи

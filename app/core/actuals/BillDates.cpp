#include "core/actuals/BillDates.h"

#include <QLocale>
#include <QRegularExpression>
#include <QTimeZone>

#include <algorithm>
#include <iterator>

namespace gpuplanner::core::actuals::detail {

namespace {

int digitsValue(const QString &text)
{
    return text.isEmpty() ? 0 : text.toInt();
}

// "+08:00", "+0800", "+8", "-05:30" -> seconds east of UTC.
std::optional<int> offsetSeconds(QStringView text)
{
    static const QRegularExpression re(QStringLiteral("^([+-])(\\d{1,2})(?::?(\\d{2}))?$"));
    const auto m = re.match(text.toString());
    if (!m.hasMatch())
        return std::nullopt;
    const int hours = m.captured(2).toInt();
    const int minutes = digitsValue(m.captured(3));
    if (hours > 14 || minutes > 59)
        return std::nullopt;
    const int seconds = hours * 3600 + minutes * 60;
    return m.captured(1) == QStringLiteral("-") ? -seconds : seconds;
}

int twoDigits(QStringView t, qsizetype at)
{
    const char16_t a = t[at].unicode();
    const char16_t b = t[at + 1].unicode();
    if (a < u'0' || a > u'9' || b < u'0' || b > u'9')
        return -1;
    return (a - u'0') * 10 + (b - u'0');
}

bool allDigits(QStringView t)
{
    return !t.isEmpty() && std::all_of(t.begin(), t.end(), [](QChar c) { return c >= u'0' && c <= u'9'; });
}

// "2024-05-01" at the start of the text, alone or before a time.
bool startsWithIsoDay(QStringView t)
{
    return t.size() >= 10 && allDigits(t.left(4)) && t[4] == u'-' && allDigits(t.mid(5, 2)) && t[7] == u'-'
        && allDigits(t.mid(8, 2)) && (t.size() == 10 || t[10] == u'T' || t[10] == u' ');
}

// "2024-05-01T00:00:00Z" or "2024-05-01T00:00:00.000Z", the shapes AWS, FOCUS and most exports
// write on every line, read without the general expression below.
std::optional<QDateTime> isoUtcSeconds(QStringView t)
{
    const bool millis = t.size() == 24 && t[19] == u'.';
    if ((t.size() != 20 && !millis) || t[4] != u'-' || t[7] != u'-' || t[10] != u'T' || t[13] != u':'
        || t[16] != u':' || (t.back() != u'Z' && t.back() != u'z'))
        return std::nullopt;
    const int century = twoDigits(t, 0);
    const int year = twoDigits(t, 2);
    const int fields[] = {twoDigits(t, 5), twoDigits(t, 8), twoDigits(t, 11), twoDigits(t, 14), twoDigits(t, 17)};
    if (century < 0 || year < 0 || std::any_of(std::begin(fields), std::end(fields), [](int v) { return v < 0; }))
        return std::nullopt;
    int ms = 0;
    if (millis) {
        const int tens = twoDigits(t, 20);
        const int last = twoDigits(t, 21);
        if (tens < 0 || last < 0)
            return std::nullopt;
        ms = tens * 10 + last % 10;
    }
    const QDate date(century * 100 + year, fields[0], fields[1]);
    const QTime time(fields[2], fields[3], fields[4], ms);
    if (!date.isValid() || !time.isValid())
        return std::nullopt;
    return QDateTime(date, time, QTimeZone(0));
}

struct SlashParts
{
    int first = 0;
    int second = 0;
    int year = 0;
};

// "01/05/2024" or "1/5/2024": which of the first two fields is the month is the file's to say.
std::optional<SlashParts> slashParts(QStringView t)
{
    if (t.size() < 8 || t.size() > 10)
        return std::nullopt;
    const qsizetype a = t.indexOf(u'/');
    const qsizetype b = a < 0 ? -1 : t.indexOf(u'/', a + 1);
    if (a < 1 || a > 2 || b - a < 2 || b - a > 3 || t.size() - b != 5)
        return std::nullopt;
    const QStringView first = t.left(a);
    const QStringView second = t.mid(a + 1, b - a - 1);
    const QStringView year = t.mid(b + 1);
    if (!allDigits(first) || !allDigits(second) || !allDigits(year))
        return std::nullopt;
    return SlashParts{first.toInt(), second.toInt(), year.toInt()};
}

QString dayName(QDate date)
{
    return QStringLiteral("%1 %2 %3").arg(date.day()).arg(QLocale::c().monthName(date.month())).arg(date.year());
}

// Why year-month-day is no calendar day; empty when it is one.
QString dayProblem(int year, int month, int day)
{
    if (year == 0)
        return QStringLiteral("year 0 does not exist");
    if (month < 1 || month > 12)
        return QStringLiteral("month %1 does not exist (months run 01 to 12)").arg(month);
    const int days = QDate(year, month, 1).daysInMonth();
    if (day < 1 || day > days) {
        return QStringLiteral("day %1 does not exist (%2 %3 has %4 days)")
            .arg(day)
            .arg(QLocale::c().monthName(month))
            .arg(year)
            .arg(days);
    }
    return {};
}

// For a text parseTimestamp refused: the field that cannot be, when it has the shape of a date and
// time; empty when the shape itself is unknown.
QString fieldProblem(QStringView text)
{
    static const QRegularExpression re(
        QStringLiteral("^(\\d{4})-(\\d{1,2})-(\\d{1,2})(?:[T ](\\d{1,2}):(\\d{1,2})(?::(\\d{1,2}))?)?"));
    const auto m = re.match(text.trimmed().toString());
    if (!m.hasMatch())
        return {};
    if (QString day = dayProblem(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt()); !day.isEmpty())
        return day;
    const int hour = digitsValue(m.captured(4));
    const int minute = digitsValue(m.captured(5));
    const int second = digitsValue(m.captured(6));
    if (hour > 23)
        return QStringLiteral("hour %1 does not exist (hours run 00 to 23)").arg(hour);
    if (minute > 59)
        return QStringLiteral("minute %1 does not exist (minutes run 00 to 59)").arg(minute);
    if (second > 59)
        return QStringLiteral("second %1 does not exist (seconds run 00 to 59)").arg(second);
    return {};
}

const QString kNotADate = QStringLiteral("is not a date (expected 2024-05-01 or 05/31/2024)");

} // namespace

std::optional<QDateTime> parseTimestamp(QStringView text, int naiveOffsetSeconds)
{
    if (auto fast = isoUtcSeconds(text))
        return fast;
    static const QRegularExpression re(QStringLiteral(
        "^(\\d{4})-(\\d{2})-(\\d{2})(?:[T ](\\d{2}):(\\d{2})(?::(\\d{2})(?:[.,](\\d{1,9}))?)?)?"
        "\\s*(Z|UTC|GMT|(?:UTC|GMT)?\\s*[+-]\\d{1,2}(?::?\\d{2})?)?$"),
        QRegularExpression::CaseInsensitiveOption);
    const auto m = re.match(text.trimmed().toString());
    if (!m.hasMatch())
        return std::nullopt;
    const QDate date(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt());
    const QString fraction = m.captured(7);
    const int ms = fraction.isEmpty() ? 0 : fraction.left(3).leftJustified(3, u'0').toInt();
    const QTime time(digitsValue(m.captured(4)), digitsValue(m.captured(5)), digitsValue(m.captured(6)), ms);
    if (!date.isValid() || !time.isValid())
        return std::nullopt;
    int offset = naiveOffsetSeconds;
    QString zone = m.captured(8).trimmed().toUpper();
    if (!zone.isEmpty()) {
        if (zone == u"Z" || zone == u"UTC" || zone == u"GMT") {
            offset = 0;
        } else {
            if (zone.startsWith(u"UTC") || zone.startsWith(u"GMT"))
                zone = zone.mid(3).trimmed();
            const auto seconds = offsetSeconds(zone);
            if (!seconds)
                return std::nullopt;
            offset = *seconds;
        }
    }
    return QDateTime(date, time, QTimeZone(offset)); // the bill's own clock, kept
}

std::optional<QDate> parseDay(QStringView text)
{
    static const QRegularExpression iso(QStringLiteral("^(\\d{4})-(\\d{2})-(\\d{2})(?:[T ].*)?$"));
    static const QRegularExpression us(QStringLiteral("^(\\d{1,2})/(\\d{1,2})/(\\d{4})$"));
    const QString t = text.trimmed().toString();
    QDate d;
    if (const auto m = iso.match(t); m.hasMatch())
        d = QDate(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt());
    else if (const auto u = us.match(t); u.hasMatch())
        d = QDate(u.captured(3).toInt(), u.captured(1).toInt(), u.captured(2).toInt());
    if (!d.isValid())
        return std::nullopt;
    return d;
}

QString monthOf(const QDateTime &utc, int offsetSeconds)
{
    if (!utc.isValid())
        return {};
    return utc.toTimeZone(QTimeZone(offsetSeconds)).date().toString(QStringLiteral("yyyy-MM"));
}

QString monthFromText(QStringView text)
{
    // "2024-05" and "2024-05-01..." without the expressions below.
    if (text.size() >= 7 && text[4] == u'-' && (text.size() == 7 || text[7] == u'-' || text[7] == u'T' || text[7] == u' ')) {
        const int century = twoDigits(text, 0);
        const int year = twoDigits(text, 2);
        const int month = twoDigits(text, 5);
        if (century >= 19 && year >= 0 && month >= 1 && month <= 12 && century * 100 + year >= 1970)
            return text.left(7).toString();
    }
    static const QRegularExpression dashed(QStringLiteral("^(\\d{4})[-/](\\d{1,2})(?:$|[-/T ])"));
    static const QRegularExpression compact(QStringLiteral("^(\\d{4})(\\d{2})$"));
    const QString t = text.trimmed().toString();
    int year = 0;
    int month = 0;
    if (const auto m = dashed.match(t); m.hasMatch()) {
        year = m.captured(1).toInt();
        month = m.captured(2).toInt();
    } else if (const auto c = compact.match(t); c.hasMatch()) {
        year = c.captured(1).toInt();
        month = c.captured(2).toInt();
    } else if (const auto d = parseDay(t)) {
        year = d->year();
        month = d->month();
    }
    if (year < 1970 || month < 1 || month > 12)
        return {};
    return QStringLiteral("%1-%2").arg(year, 4, 10, QLatin1Char('0')).arg(month, 2, 10, QLatin1Char('0'));
}

QDateTime exclusiveEnd(const QDateTime &end)
{
    if (end.isValid() && end.time().second() == 59 && end.time().minute() == 59 && end.time().msec() == 0)
        return end.addSecs(1);
    return end;
}

void FileDates::setDocumentedOrder(SlashOrder order, const QString &format)
{
    m_documented = order;
    m_documentedBy = format;
}

bool FileDates::wantsSurvey(QStringView text) const
{
    return !m_surveyed && slashParts(text.trimmed()).has_value();
}

void FileDates::survey(QStringView text, int row)
{
    const QStringView t = text.trimmed();
    const auto s = slashParts(t);
    if (!s || (s->first > 12) == (s->second > 12))
        return;
    const bool dayFirst = s->first > 12;
    if (!QDate(s->year, dayFirst ? s->second : s->first, dayFirst ? s->first : s->second).isValid())
        return;
    QString &seen = dayFirst ? m_dayFirst : m_monthFirst;
    if (seen.isEmpty())
        seen = QStringLiteral("\"%1\", %2 %3").arg(t).arg(m_rowWord).arg(row);
}

QString FileDates::windowProblem(QDate date) const
{
    if (date.year() < kFirstBillYear) {
        return QStringLiteral("is not a plausible billing date: year %1 is before %2, when public cloud billing began")
            .arg(date.year())
            .arg(kFirstBillYear);
    }
    if (m_latest.isValid() && date > m_latest) {
        return QStringLiteral("is not a plausible billing date: it is more than two years after today (%1)")
            .arg(m_today.toString(Qt::ISODate));
    }
    return {};
}

QString FileDates::mixedOrders() const
{
    return QStringLiteral("cannot be read: the file writes dates both day first (%1) and month first (%2); write dates "
                          "as YYYY-MM-DD")
        .arg(m_dayFirst, m_monthFirst);
}

Checked<QDateTime> FileDates::timestamp(QStringView text, int naiveOffsetSeconds) const
{
    const auto when = parseTimestamp(text, naiveOffsetSeconds);
    if (!when) {
        const QString field = fieldProblem(text);
        return {std::nullopt, field.isEmpty() ? QStringLiteral("is not a date and time (expected e.g. 2024-05-01T00:00:00Z)")
                                              : QStringLiteral("is not a date and time: ") + field};
    }
    if (QString why = windowProblem(when->date()); !why.isEmpty())
        return {std::nullopt, why};
    return {*when, {}};
}

Checked<QDate> FileDates::day(QStringView text, int row)
{
    const QStringView t = text.trimmed();
    if (const auto s = slashParts(t))
        return slashDay(s->first, s->second, s->year, t, row);
    if (!startsWithIsoDay(t))
        return {std::nullopt, kNotADate};
    const int year = t.left(4).toInt();
    const int month = t.mid(5, 2).toInt();
    const int dayOfMonth = t.mid(8, 2).toInt();
    QDate date(year, month, dayOfMonth);
    if (t.size() > 10) {
        // A time after the day must exist as well; one in a form parseTimestamp does not know
        // leaves the day as it is written.
        if (const auto when = parseTimestamp(t, kUtc))
            date = when->date();
        else if (const QString field = fieldProblem(t); !field.isEmpty())
            return {std::nullopt, QStringLiteral("is not a date and time: ") + field};
    }
    if (!date.isValid()) {
        const QString field = dayProblem(year, month, dayOfMonth);
        return {std::nullopt, field.isEmpty() ? kNotADate : QStringLiteral("is not a date: ") + field};
    }
    if (QString why = windowProblem(date); !why.isEmpty())
        return {std::nullopt, why};
    return {date, {}};
}

Checked<QDate> FileDates::slashDay(int first, int second, int year, QStringView text, int row)
{
    if (first == 0 || second == 0)
        return {std::nullopt, QStringLiteral("is not a date: 0 is neither a day nor a month")};
    if (first > 12 && second > 12)
        return {std::nullopt, QStringLiteral("is not a date: neither %1 nor %2 can be a month").arg(first).arg(second)};
    const QString where = QStringLiteral("\"%1\", %2 %3").arg(text).arg(m_rowWord).arg(row);
    SlashOrder order = first > 12 ? SlashOrder::DayFirst : second > 12 ? SlashOrder::MonthFirst : SlashOrder::Unknown;
    if (order != SlashOrder::Unknown) {
        // The value shows its own order: it must exist in it, and agree with the file's.
        const int month = order == SlashOrder::DayFirst ? second : first;
        const int day = order == SlashOrder::DayFirst ? first : second;
        if (!QDate(year, month, day).isValid())
            return {std::nullopt, QStringLiteral("is not a date: ") + dayProblem(year, month, day)};
        QString &seen = order == SlashOrder::DayFirst ? m_dayFirst : m_monthFirst;
        if (seen.isEmpty())
            seen = where;
    } else if (first == second) {
        order = SlashOrder::MonthFirst; // 05/05: either way the same day
    } else if (m_dayFirst.isEmpty() != m_monthFirst.isEmpty()) {
        order = m_dayFirst.isEmpty() ? SlashOrder::MonthFirst : SlashOrder::DayFirst;
    } else if (m_dayFirst.isEmpty() && m_documented != SlashOrder::Unknown) {
        // Read as the format documents; a date later in the file that shows the other order then
        // makes it a file of two orders rather than silently a different reading.
        order = m_documented;
        (order == SlashOrder::DayFirst ? m_dayFirst : m_monthFirst) =
            where + QStringLiteral(", read as %1 write dates").arg(m_documentedBy);
    }
    if (!m_dayFirst.isEmpty() && !m_monthFirst.isEmpty())
        return {std::nullopt, mixedOrders()};
    if (order == SlashOrder::Unknown) {
        const QDate dayFirst(year, second, first);
        const QDate monthFirst(year, first, second);
        return {std::nullopt,
                QStringLiteral("is ambiguous: it could be %1 (day first) or %2 (month first), and no date in the file "
                               "shows which comes first; write dates as YYYY-MM-DD (%3 or %4)")
                    .arg(dayName(dayFirst), dayName(monthFirst), dayFirst.toString(Qt::ISODate),
                         monthFirst.toString(Qt::ISODate))};
    }
    const QDate date = order == SlashOrder::DayFirst ? QDate(year, second, first) : QDate(year, first, second);
    if (QString why = windowProblem(date); !why.isEmpty())
        return {std::nullopt, why};
    return {date, {}};
}

Checked<QString> FileDates::month(QStringView text, int row)
{
    const QStringView t = text.trimmed();
    if (t.isEmpty())
        return {QString(), {}};
    if (t == m_lastMonthText)
        return {m_lastMonth, {}};
    static const QRegularExpression yearFirst(QStringLiteral("^(\\d{4})[-/]?(\\d{1,2})(?:$|[-/T ])"));
    QDate first;
    if (startsWithIsoDay(t) || slashParts(t)) {
        auto d = day(t, row);
        if (!d.value)
            return {std::nullopt, d.why};
        first = QDate(d.value->year(), d.value->month(), 1);
    } else if (const auto m = yearFirst.match(t.toString()); m.hasMatch()) {
        // "2024-05", "202405", "2024/5/1 0:00": the year first, never ambiguous.
        const int year = m.captured(1).toInt();
        const int month = m.captured(2).toInt();
        if (month < 1 || month > 12)
            return {std::nullopt, QStringLiteral("is not a month: month %1 does not exist (months run 01 to 12)").arg(month)};
        first = QDate(year, month, 1);
        if (!first.isValid())
            return {std::nullopt, QStringLiteral("is not a month (expected YYYY-MM)")};
        if (QString why = windowProblem(first); !why.isEmpty())
            return {std::nullopt, why};
    } else {
        return {std::nullopt, QStringLiteral("is not a month (expected YYYY-MM)")};
    }
    m_lastMonthText = t.toString();
    m_lastMonth = first.toString(QStringLiteral("yyyy-MM"));
    return {m_lastMonth, {}};
}

} // namespace gpuplanner::core::actuals::detail

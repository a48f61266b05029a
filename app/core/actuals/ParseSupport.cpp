#include "core/actuals/ParseSupport.h"

#include <QJsonDocument>
#include <QLocale>
#include <QRegularExpression>
#include <QTimeZone>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace gpuplanner::core::actuals::detail {

namespace {

QString elided(const QString &value)
{
    constexpr qsizetype kMax = 80;
    return value.size() <= kMax ? value : value.left(kMax) + QStringLiteral("...");
}

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

} // namespace

void LineOut::append(SpendLine line)
{
    if (m_error)
        return;
    // What every reader promises; a reader that breaks it is a bug, reported rather than passed on.
    if (line.currency.isEmpty() || !line.usageStart.isValid() || line.basis.isEmpty()) {
        m_error = Error{QStringLiteral("%1:%2: internal: line without currency, start or basis").arg(m_source).arg(line.sourceRow)};
        return;
    }
    // One time spec for every reader: a fixed offset, the clock the bill is written in (UTC, or
    // Beijing time for Alibaba, Tencent and Huawei), so that its days stay its days.
    const auto onItsClock = [](const QDateTime &t) { return t.toOffsetFromUtc(t.offsetFromUtc()); };
    line.usageStart = onItsClock(line.usageStart);
    line.usageEnd = line.usageEnd.isValid() ? onItsClock(line.usageEnd) : line.usageStart;
    if (line.usageEnd < line.usageStart) {
        m_error = Error{QStringLiteral("%1:%2: the usage end is before its start").arg(m_source).arg(line.sourceRow)};
        return;
    }
    if (line.billingPeriod.isEmpty())
        line.billingPeriod = monthOf(line.usageStart, line.usageStart.offsetFromUtc());
    if (auto s = m_sink.add(line); !s) {
        m_error = s.error();
        return;
    }
    ++m_summary.lines;
    m_periods.insert(line.billingPeriod);
    m_summary.totals[{line.kind, line.currency}] += line.amountMicros;
}

void LineOut::setBasis(const QString &basis)
{
    if (m_error)
        return;
    if (auto s = m_sink.setBasis(basis); !s)
        m_error = s.error();
}

void LineOut::finish()
{
    m_summary.periods = QStringList(m_periods.begin(), m_periods.end());
}

bool CsvInput::fill()
{
    m_pending.clear();
    m_nextPending = 0;
    QString chunk;
    while (m_pending.isEmpty() && !m_finished) {
        if (m_input->next(chunk)) {
            m_reader->feed(chunk, m_pending);
            continue;
        }
        m_finished = true;
        if (m_input->error()) {
            m_error = m_input->error();
            return false;
        }
        if (!m_reader->finish(m_pending)) {
            m_error = rowError(source, m_reader->errorLine(), QStringLiteral("unterminated quoted field"));
            return false;
        }
    }
    return !m_pending.isEmpty();
}

bool CsvInput::next(CsvFields &record)
{
    if (m_error || (m_lines && m_lines->failed()))
        return false;
    if (m_nextPending >= m_pending.size() && !fill())
        return false;
    record = std::move(m_pending[m_nextPending++]);
    if (record.size() != m_fields) {
        m_error = Error{QStringLiteral("%1:%2: expected %3 fields as in the header, found %4")
                            .arg(source)
                            .arg(record.line)
                            .arg(m_fields)
                            .arg(record.size())};
        return false;
    }
    return true;
}

Status CsvInput::status() const
{
    if (m_error)
        return *m_error;
    return success();
}

Result<CsvInput> loadCsv(Source &source, int skipLines)
{
    CsvInput input;
    input.source = source.name;
    input.m_input = source.input;
    input.m_lines = source.lines;
    // Metadata lines above the header: dropped, still counted.
    QString rest;
    int skipped = 0;
    while (skipped < skipLines) {
        if (rest.isEmpty() && !source.input->next(rest))
            break;
        const qsizetype nl = rest.indexOf(u'\n');
        if (nl < 0) {
            rest.clear();
            continue;
        }
        rest.remove(0, nl + 1);
        ++skipped;
    }
    if (source.input->error())
        return *source.input->error();
    input.m_reader = std::make_unique<CsvRecordReader>(1 + skipped);
    input.m_reader->feed(rest, input.m_pending);
    if (input.m_nextPending >= input.m_pending.size() && !input.fill()) {
        if (input.m_error)
            return *input.m_error;
        return Error{QStringLiteral("%1: empty file, expected a header line").arg(source.name)};
    }
    const CsvFields header = std::move(input.m_pending[input.m_nextPending++]);
    input.m_fields = header.size();
    input.columns = ColumnMap(header.toList());
    return input;
}

Error rowError(const QString &source, int line, const QString &why)
{
    return Error{QStringLiteral("%1:%2: %3").arg(source).arg(line).arg(why)};
}

Error cellError(const QString &source, int line, const QString &column, const QString &value, const QString &why)
{
    if (value.isEmpty())
        return Error{QStringLiteral("%1:%2: column \"%3\" %4").arg(source).arg(line).arg(column, why)};
    return Error{QStringLiteral("%1:%2: column \"%3\": \"%4\" %5").arg(source).arg(line).arg(column, elided(value), why)};
}

QString Row::text(int col) const
{
    if (col < 0 || col >= int(m_rec.size()))
        return {};
    const QStringView t = m_rec.at(col).trimmed();
    return t.size() == 4 && t.compare(u"null", Qt::CaseInsensitive) == 0 ? QString() : t.toString();
}

Error Row::bad(int col, const QString &why) const
{
    return cellError(m_in.source, m_rec.line, column(col), text(col), why);
}

Result<qint64> Row::micros(int col, const DecimalOptions &options) const
{
    auto value = optionalMicros(col, options);
    if (!value)
        return value.error();
    return value->value_or(0);
}

Result<std::optional<qint64>> Row::optionalMicros(int col, const DecimalOptions &options) const
{
    if (col < 0)
        return std::optional<qint64>();
    const DecimalResult r = parseDecimalMicros(text(col), options);
    if (!r.ok())
        return bad(col, r.error);
    return r.micros;
}

Result<double> Row::number(int col, bool thousandsSeparators) const
{
    QString t = text(col);
    if (t.isEmpty())
        return 0.0;
    if (thousandsSeparators)
        t.remove(u',');
    bool ok = false;
    const double v = QLocale::c().toDouble(t, &ok);
    if (!ok || !std::isfinite(v))
        return bad(col, QStringLiteral("is not a number"));
    return v;
}

Result<QDateTime> Row::timestamp(int col, int naiveOffsetSeconds) const
{
    const QString t = text(col);
    if (t.isEmpty())
        return bad(col, QStringLiteral("is empty: the line needs a date and time"));
    const auto when = parseTimestamp(t, naiveOffsetSeconds);
    if (!when)
        return bad(col, QStringLiteral("is not a date and time (expected e.g. 2024-05-01T00:00:00Z)"));
    return *when;
}

Result<QDate> Row::day(int col) const
{
    const QString t = text(col);
    if (t.isEmpty())
        return bad(col, QStringLiteral("is empty: the line needs a date"));
    const auto d = parseDay(t);
    if (!d)
        return bad(col, QStringLiteral("is not a date (expected 2024-05-01 or 05/01/2024)"));
    return *d;
}

namespace {

int twoDigits(QStringView t, qsizetype at)
{
    const char16_t a = t[at].unicode();
    const char16_t b = t[at + 1].unicode();
    if (a < u'0' || a > u'9' || b < u'0' || b > u'9')
        return -1;
    return (a - u'0') * 10 + (b - u'0');
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

std::optional<Error> Row::usageWindow(int start, int end, int fallback, int naiveOffsetSeconds, SpendLine &line) const
{
    const int when = !text(start).isEmpty() ? start : fallback;
    auto t = timestamp(when, naiveOffsetSeconds);
    if (!t)
        return t.error();
    line.usageStart = *t;
    if (when == start && !text(end).isEmpty()) {
        auto e = timestamp(end, naiveOffsetSeconds);
        if (!e)
            return e.error();
        line.usageEnd = exclusiveEnd(*e);
    }
    return std::nullopt;
}

QDateTime exclusiveEnd(const QDateTime &end)
{
    if (end.isValid() && end.time().second() == 59 && end.time().minute() == 59 && end.time().msec() == 0)
        return end.addSecs(1);
    return end;
}

void setDayWindow(SpendLine &line, QDate day, int offsetSeconds)
{
    line.usageStart = QDateTime(day, QTime(0, 0), QTimeZone(offsetSeconds));
    line.usageEnd = line.usageStart.addDays(1);
}

QString currencyCode(QStringView text)
{
    const QString t = text.trimmed().toString().toUpper();
    if (t.size() != 3)
        return {};
    for (const QChar c : t) {
        if (c < u'A' || c > u'Z')
            return {};
    }
    return t;
}

QString normalizeProvider(QStringView text)
{
    const QString k = squash(text);
    if (k == u"aws" || k == u"amazonwebservices" || k == u"amazon" || k == u"amazonwebservicesinc")
        return QStringLiteral("aws");
    if (k == u"azure" || k == u"microsoft" || k == u"microsoftazure")
        return QStringLiteral("azure");
    if (k == u"gcp" || k == u"google" || k == u"googlecloud" || k == u"googlecloudplatform")
        return QStringLiteral("gcp");
    if (k == u"alibaba" || k == u"alibabacloud" || k == u"aliyun")
        return QStringLiteral("alibaba");
    if (k == u"tencent" || k == u"tencentcloud")
        return QStringLiteral("tencent");
    if (k == u"huawei" || k == u"huaweicloud")
        return QStringLiteral("huawei");
    if (k == u"oci" || k == u"oracle" || k == u"oraclecloudinfrastructure")
        return QStringLiteral("oci");
    return text.trimmed().toString().toLower();
}

bool isProjectKey(QStringView key)
{
    const QString k = squash(key);
    return k == u"project" || k == u"userproject";
}

QString projectFromObject(const QJsonObject &tags)
{
    for (auto it = tags.begin(); it != tags.end(); ++it) {
        if (isProjectKey(it.key()) && it.value().isString())
            return it.value().toString().trimmed();
    }
    return {};
}

QString projectFromJsonTags(QStringView text)
{
    const QString t = text.trimmed().toString();
    if (t.isEmpty())
        return {};
    // Azure EA writes the object without its braces: "env": "prod","org": "trey".
    const QString json = t.startsWith(u'{') ? t : u'{' + t + u'}';
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json.toUtf8(), &error);
    if (error.error == QJsonParseError::NoError && doc.isObject())
        return projectFromObject(doc.object());
    return projectFromPairs(t);
}

QString projectFromPairs(QStringView text)
{
    static const QRegularExpression keyValue(QStringLiteral("^key:(.*)\\s+value:(.*)$"));
    for (const QStringView part : text.split(u';')) {
        for (const QStringView pair : part.split(u',')) {
            const QString p = pair.trimmed().toString();
            QString key;
            QString value;
            if (const auto m = keyValue.match(p); m.hasMatch()) {
                key = m.captured(1);
                value = m.captured(2);
            } else {
                qsizetype sep = p.indexOf(u'=');
                if (sep < 0)
                    sep = p.indexOf(u':');
                if (sep < 0)
                    continue;
                key = p.left(sep);
                value = p.mid(sep + 1);
            }
            if (isProjectKey(key))
                return value.trimmed();
        }
    }
    return {};
}

QJsonValue jsonAt(const QJsonObject &object, std::initializer_list<const char16_t *> path)
{
    QJsonValue v(object);
    for (const char16_t *key : path) {
        if (!v.isObject())
            return QJsonValue(QJsonValue::Undefined);
        v = v.toObject().value(QStringView(key));
    }
    return v;
}

QString jsonText(const QJsonObject &object, std::initializer_list<const char16_t *> path)
{
    const QJsonValue v = jsonAt(object, path);
    if (v.isString())
        return v.toString().trimmed();
    if (v.isDouble()) {
        const double d = v.toDouble();
        // Integral ids (ProjectId 0, instance_id) without an exponent.
        if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 1e15)
            return QString::number(qint64(d));
        return QString::number(d, 'g', QLocale::FloatingPointShortest);
    }
    return {};
}

Result<QString> wholeText(Source &source)
{
    return source.input->readAll(kMaxJsonDocumentBytes,
                                 QStringLiteral("a billing export that is one JSON document; export it as CSV or "
                                                "newline-delimited JSON, or split it by month or by page"));
}

Result<QJsonDocument> loadJson(Source &source)
{
    auto text = wholeText(source);
    if (!text)
        return text.error();
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text->toUtf8(), &error);
    if (error.error != QJsonParseError::NoError) {
        return Error{QStringLiteral("%1: not valid JSON: %2 at offset %3")
                         .arg(source.name, error.errorString())
                         .arg(error.offset)};
    }
    return doc;
}

SpendLine voucherLine(const SpendLine &paid, qint64 micros, const QString &what)
{
    SpendLine credit = paid;
    credit.kind = ChargeKind::Payment;
    credit.pricing = PricingKind::Unknown;
    credit.amountMicros = -micros;
    credit.chargeDetail = what;
    credit.usageHours = 0;
    credit.usageIsGpuHours = false;
    credit.quantity = 0;
    credit.quantityUnit.clear();
    return credit;
}

Error recordError(const QString &source, int record, const QString &field, const QString &value, const QString &why)
{
    if (value.isEmpty())
        return Error{QStringLiteral("%1: record %2: field \"%3\" %4").arg(source).arg(record).arg(field, why)};
    return Error{
        QStringLiteral("%1: record %2: field \"%3\": \"%4\" %5").arg(source).arg(record).arg(field, elided(value), why)};
}

} // namespace gpuplanner::core::actuals::detail

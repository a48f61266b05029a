#include "core/actuals/ParseSupport.h"

#include "core/actuals/Currencies.h"

#include <QJsonDocument>
#include <QLocale>
#include <QRegularExpression>
#include <QTimeZone>

#include <cmath>

namespace gpuplanner::core::actuals::detail {

namespace {

QString elided(const QString &value)
{
    constexpr qsizetype kMax = 80;
    return value.size() <= kMax ? value : value.left(kMax) + QStringLiteral("...");
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

bool CsvInput::readMore()
{
    if (m_finished)
        return false;
    QString chunk;
    if (m_input->next(chunk)) {
        m_reader->feed(chunk, m_pending);
        return true;
    }
    m_finished = true;
    if (m_input->error())
        m_endError = m_input->error();
    else if (!m_reader->finish(m_pending))
        m_endError = rowError(source, m_reader->errorLine(), QStringLiteral("unterminated quoted field"));
    return false;
}

bool CsvInput::fill()
{
    m_pending.clear();
    m_nextPending = 0;
    while (m_pending.isEmpty() && readMore()) {
    }
    if (m_pending.isEmpty() && m_endError) {
        m_error = m_endError;
        return false;
    }
    return !m_pending.isEmpty();
}

void CsvInput::surveyDates(const CsvFields &current)
{
    // Records read ahead are held until their turn: 16 pieces of 1 MiB bound that memory, and a
    // date that settles the order is due within them in any export with a few weeks of days.
    constexpr int kSurveyPieces = 16;
    FileDates &dates = *m_dates;
    const auto look = [&dates](const CsvFields &record) {
        for (qsizetype i = 0; i < record.size(); ++i)
            dates.survey(record.at(i), record.line);
    };
    look(current);
    for (qsizetype i = m_nextPending; i < m_pending.size(); ++i)
        look(m_pending.at(i));
    for (int piece = 0; piece < kSurveyPieces && !dates.settled(); ++piece) {
        const qsizetype from = m_pending.size();
        const bool more = readMore();
        for (qsizetype i = from; i < m_pending.size(); ++i)
            look(m_pending.at(i));
        if (!more)
            break;
    }
    dates.endSurvey();
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
    input.m_dates = source.dates;
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
    const auto when = m_in.dates().timestamp(t, naiveOffsetSeconds);
    if (!when.value)
        return bad(col, when.why);
    return *when.value;
}

void Row::surveyFor(const QString &text) const
{
    if (m_in.dates().wantsSurvey(text))
        m_in.surveyDates(m_rec);
}

Result<QDate> Row::day(int col) const
{
    const QString t = text(col);
    if (t.isEmpty())
        return bad(col, QStringLiteral("is empty: the line needs a date"));
    surveyFor(t);
    const auto d = m_in.dates().day(t, line());
    if (!d.value)
        return bad(col, d.why);
    return *d.value;
}

Result<QString> Row::month(int col) const
{
    const QString t = text(col);
    surveyFor(t);
    auto m = m_in.dates().month(t, line());
    if (!m.value)
        return bad(col, m.why);
    return std::move(*m.value);
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

void setDayWindow(SpendLine &line, QDate day, int offsetSeconds)
{
    line.usageStart = QDateTime(day, QTime(0, 0), QTimeZone(offsetSeconds));
    line.usageEnd = line.usageStart.addDays(1);
}

QString currencyCode(QStringView text)
{
    const QString t = text.trimmed().toString().toUpper();
    return isIso4217Currency(t) ? t : QString();
}

QString currencyProblem(QStringView text, QStringView row)
{
    if (text.trimmed().isEmpty())
        return QStringLiteral("is empty: every %1 needs its currency").arg(row);
    return QStringLiteral("is not an ISO 4217 currency code");
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

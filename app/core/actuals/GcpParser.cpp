// GCP Cloud Billing export: BigQuery rows as NEWLINE_DELIMITED_JSON (or a JSON array), the same
// rows flattened to CSV ("sku.description" or "sku_description"; credits in one cell as JSON or as
// a Python literal), and the console "Cost table" CSV with its metadata lines. Each row's nested
// credits[] become Credit lines of their own; cost is before credits. A GPU is billed as its own
// SKU in GPU-seconds: its line carries GPU-hours. Lines keep invoice.month as their billing period
// (late usage is invoiced later).

#include "core/actuals/GpuRecognizer.h"
#include "core/actuals/ParseSupport.h"
#include "core/actuals/PythonLiteral.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace gpuplanner::core::actuals::detail {

namespace {

struct Credit
{
    qint64 micros = 0;
    QString type;
    QString name;
};

// One export row, from JSON or CSV.
struct GcpRow
{
    int sourceRow = 0;
    qint64 costMicros = 0;
    QString currency;
    QDateTime start;
    QDateTime end;
    QString invoiceMonth;
    QString projectId;
    QString projectLabel;
    QString service;
    QString skuId;
    QString skuDescription;
    QString resource;
    QString machineSpec;
    QString region; // location.region
    double usageAmount = 0;
    QString usageUnit;
    double pricingAmount = 0;
    QString pricingUnit;
    QString costType;
    QString creditType; // console CSV: the row itself is a credit
    QList<Credit> credits;
};

// The export's credits[] ({name, amount, type, ...} each) into row credits; false with the field,
// its text and what is wrong when one has no readable amount.
bool readCredits(const QJsonArray &list, QList<Credit> &credits, QString &field, QString &value, QString &why)
{
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QJsonObject c = list.at(i).toObject();
        const DecimalResult amount = jsonDecimalMicros(c.value(u"amount"));
        if (!amount.ok() || !amount.micros) {
            field = QStringLiteral("credits[%1].amount").arg(i);
            value = jsonText(c, {u"amount"});
            why = amount.ok() ? QStringLiteral("is missing") : amount.error;
            return false;
        }
        credits.append(Credit{*amount.micros, jsonText(c, {u"type"}), jsonText(c, {u"name"})});
    }
    return true;
}

// The credits cell of a flattened export: JSON as the console writes it, or the Python literal a
// pandas-based flattener writes ([{'name': ..., 'amount': -5e-06, 'full_name': None, ...}]).
// JSON is tried first, so a JSON cell reads exactly as before.
Result<QJsonArray> creditsCell(const QString &cell)
{
    static const QString kExpected = QStringLiteral("is not the export's credits list, as JSON ([{\"name\": ..., \"amount\": ...}]) "
                                                    "or as a Python literal ([{'name': ..., 'amount': ...}])");
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(cell.toUtf8(), &error);
    if (error.error == QJsonParseError::NoError) {
        if (!doc.isArray())
            return Error{kExpected + QStringLiteral(": not a list")};
        return doc.array();
    }
    const auto literal = readPythonLiteral(cell);
    if (!literal)
        return Error{kExpected + QStringLiteral(": ") + literal.errorMessage()};
    if (!literal->isArray())
        return Error{kExpected + QStringLiteral(": not a list")};
    return literal->toArray();
}

bool isCommittedCredit(QStringView type)
{
    const QString t = squash(type);
    return t.startsWith(u"committedusagediscount") || t == u"feeutilizationoffset" || t.startsWith(u"committeduse");
}

void appendLines(const GcpRow &r, LineOut &out)
{
    SpendLine base;
    base.provider = QStringLiteral("gcp");
    base.sourceRow = r.sourceRow;
    base.basis = kBasisBilled;
    base.currency = r.currency;
    base.usageStart = r.start;
    base.usageEnd = r.end;
    base.billingPeriod = r.invoiceMonth;
    base.account = r.projectId;
    base.project = r.projectLabel;
    base.service = r.service;
    base.resourceId = r.resource;
    base.instanceType = r.machineSpec;
    base.region = r.region;
    base.sku = r.skuDescription.isEmpty() ? r.skuId : r.skuDescription;
    base.quantity = r.pricingUnit.isEmpty() ? r.usageAmount : r.pricingAmount;
    base.quantityUnit = r.pricingUnit.isEmpty() ? r.usageUnit : r.pricingUnit;

    const bool gpuSku = isGcpGpuSku(r.skuDescription);
    base.gpu = gpuSku || isGpuInstanceType(r.machineSpec) || isGcpGpuFamilySku(r.skuDescription);

    SpendLine line = base;
    line.amountMicros = r.costMicros;
    const QString costType = squash(r.costType);
    const QString description = r.skuDescription;
    line.chargeDetail = r.costType.isEmpty() ? QStringLiteral("regular") : r.costType;
    if (!r.creditType.isEmpty()) {
        line.kind = ChargeKind::Credit;
        line.pricing = isCommittedCredit(r.creditType) ? PricingKind::Committed : PricingKind::Unknown;
        line.chargeDetail = r.creditType;
    } else if (costType == u"tax") {
        line.kind = ChargeKind::Tax;
    } else if (costType == u"adjustment") {
        line.kind = line.amountMicros < 0 ? ChargeKind::Refund : ChargeKind::Other;
    } else if (costType == u"roundingerror") {
        line.kind = ChargeKind::Other;
    } else if (description.startsWith(u"Commitment", Qt::CaseInsensitive)) {
        line.kind = ChargeKind::Commitment; // CUD fee ("Commitment v1: ...", "Commitment - dollar based v1: ...")
        line.pricing = PricingKind::Committed;
    } else {
        line.kind = ChargeKind::Usage;
        line.pricing = description.contains(u"Spot", Qt::CaseInsensitive) || description.contains(u"Preemptible", Qt::CaseInsensitive)
            ? PricingKind::Spot
            : PricingKind::OnDemand;
        if (gpuSku) {
            line.usageIsGpuHours = true;
            const QString pu = squash(r.pricingUnit);
            const QString uu = squash(r.usageUnit);
            if (pu == u"hour" || pu == u"hours" || pu == u"h")
                line.usageHours = r.pricingAmount;
            else if (uu == u"seconds" || uu == u"s")
                line.usageHours = r.usageAmount / 3600.0;
            else if (uu == u"hour" || uu == u"hours" || uu == u"h")
                line.usageHours = r.usageAmount;
        }
    }
    out.append(line);

    for (const Credit &c : r.credits) {
        SpendLine credit = base;
        // PROMOTION credits (free trial, marketing) pay for the usage; the others lower its cost.
        credit.kind = c.type.compare(u"PROMOTION", Qt::CaseInsensitive) == 0 ? ChargeKind::Payment : ChargeKind::Credit;
        credit.pricing = isCommittedCredit(c.type) ? PricingKind::Committed : PricingKind::Unknown;
        credit.amountMicros = c.micros;
        credit.chargeDetail = c.type;
        credit.sku = c.name.isEmpty() ? c.type : c.name;
        credit.quantity = 0;
        credit.quantityUnit.clear();
        out.append(credit);
    }
}

QString labelValue(const QJsonValue &labels, bool projectKey, const QString &key = {})
{
    for (const QJsonValue &v : labels.toArray()) {
        const QJsonObject o = v.toObject();
        const QString k = o.value(u"key").toString();
        if ((projectKey && isProjectKey(k)) || (!projectKey && k == key))
            return o.value(u"value").toString().trimmed();
    }
    return {};
}

Result<GcpRow> rowFromJson(const QJsonObject &o, int sourceRow, const QString &source, FileDates &dates)
{
    auto bad = [&](const QString &field, const QString &value, const QString &why) {
        return Error{QStringLiteral("%1:%2: field \"%3\"%4 %5")
                         .arg(source)
                         .arg(sourceRow)
                         .arg(field, value.isEmpty() ? QString() : QStringLiteral(": \"%1\"").arg(value), why)};
    };
    GcpRow r;
    r.sourceRow = sourceRow;
    if (!o.contains(u"cost"))
        return bad(QStringLiteral("cost"), {}, QStringLiteral("is missing: every row needs its cost"));
    const DecimalResult cost = jsonDecimalMicros(o.value(u"cost"));
    if (!cost.ok())
        return bad(QStringLiteral("cost"), jsonText(o, {u"cost"}), cost.error);
    r.costMicros = cost.micros.value_or(0);
    const QString currency = jsonText(o, {u"currency"});
    r.currency = currencyCode(currency);
    if (r.currency.isEmpty())
        return bad(QStringLiteral("currency"), currency, currencyProblem(currency, u"row"));
    const QString start = jsonText(o, {u"usage_start_time"});
    if (start.isEmpty())
        return bad(QStringLiteral("usage_start_time"), start, QStringLiteral("is missing: every row needs its usage start"));
    const auto startTime = dates.timestamp(start, kUtc);
    if (!startTime.value)
        return bad(QStringLiteral("usage_start_time"), start, startTime.why);
    r.start = *startTime.value;
    const QString end = jsonText(o, {u"usage_end_time"});
    if (!end.isEmpty()) {
        const auto endTime = dates.timestamp(end, kUtc);
        if (!endTime.value)
            return bad(QStringLiteral("usage_end_time"), end, endTime.why);
        r.end = *endTime.value;
    }
    const QString month = jsonText(o, {u"invoice", u"month"});
    auto invoiceMonth = dates.month(month, sourceRow);
    if (!invoiceMonth.value)
        return bad(QStringLiteral("invoice.month"), month, invoiceMonth.why);
    r.invoiceMonth = *invoiceMonth.value;
    r.projectId = jsonText(o, {u"project", u"id"});
    r.projectLabel = labelValue(o.value(u"labels"), true);
    if (r.projectLabel.isEmpty())
        r.projectLabel = labelValue(jsonAt(o, {u"project", u"labels"}), true);
    r.service = jsonText(o, {u"service", u"description"});
    r.skuId = jsonText(o, {u"sku", u"id"});
    r.skuDescription = jsonText(o, {u"sku", u"description"});
    r.resource = jsonText(o, {u"resource", u"global_name"});
    if (r.resource.isEmpty())
        r.resource = jsonText(o, {u"resource", u"name"});
    r.machineSpec = labelValue(o.value(u"system_labels"), false, QStringLiteral("compute.googleapis.com/machine_spec"));
    r.region = jsonText(o, {u"location", u"region"});
    r.usageAmount = jsonAt(o, {u"usage", u"amount"}).toDouble();
    r.usageUnit = jsonText(o, {u"usage", u"unit"});
    r.pricingAmount = jsonAt(o, {u"usage", u"amount_in_pricing_units"}).toDouble();
    r.pricingUnit = jsonText(o, {u"usage", u"pricing_unit"});
    r.costType = jsonText(o, {u"cost_type"});
    const QJsonValue credits = o.value(u"credits");
    if (!credits.isUndefined() && !credits.isNull() && !credits.isArray())
        return bad(QStringLiteral("credits"), {}, QStringLiteral("is not a list"));
    QString field, value, why;
    if (!readCredits(credits.toArray(), r.credits, field, value, why))
        return bad(field, value, why);
    return r;
}

Status parseOneObject(QStringView object, int startLine, Source &source)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(object.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError) {
        const int at = startLine + int(object.left(error.offset).count(u'\n'));
        return Error{QStringLiteral("%1:%2: not valid JSON: %3").arg(source.name).arg(at).arg(error.errorString())};
    }
    auto row = rowFromJson(doc.object(), startLine, source.name, *source.dates);
    if (!row)
        return row.error();
    appendLines(*row, *source.lines);
    return success();
}

ParseResult parseJsonArray(Source &source)
{
    auto text = wholeText(source);
    if (!text)
        return text.error();
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text->toUtf8(), &error);
    if (error.error != QJsonParseError::NoError)
        return Error{QStringLiteral("%1: not valid JSON: %2 at offset %3").arg(source.name, error.errorString()).arg(error.offset)};
    const QJsonArray rows = doc.array();
    for (qsizetype i = 0; i < rows.size(); ++i) {
        if (!rows.at(i).isObject())
            return Error{QStringLiteral("%1: record %2: not a JSON object").arg(source.name).arg(i + 1)};
        auto row = rowFromJson(rows.at(i).toObject(), int(i + 1), source.name, *source.dates);
        if (!row)
            return row.error();
        appendLines(*row, *source.lines);
    }
    return success();
}

// One export row per JSON object: newline-delimited as BigQuery writes it, or spread over lines
// as a pretty-printer (jq, the console's JSON view) writes it. Each object is found by its
// braces, strings skipped, and named by the line it starts on; the text streams past, one
// object held at a time.
ParseResult parseJsonObjects(Source &source)
{
    int line = 1;
    int startLine = 0;
    int depth = 0;
    bool inString = false;
    bool escaped = false;
    QString object;
    QString chunk;
    while (source.input->next(chunk)) {
        qsizetype from = depth > 0 ? 0 : -1; // where the open object starts in this chunk
        for (qsizetype i = 0; i < chunk.size(); ++i) {
            const QChar c = chunk.at(i);
            if (c == u'\n')
                ++line;
            if (inString) {
                if (escaped)
                    escaped = false;
                else if (c == u'\\')
                    escaped = true;
                else if (c == u'"')
                    inString = false;
                continue;
            }
            if (depth == 0 && c != u'{') {
                if (c.isSpace())
                    continue;
                return Error{QStringLiteral("%1:%2: not a JSON object (expected export rows as JSON objects)").arg(source.name).arg(line)};
            }
            if (c == u'"') {
                inString = true;
            } else if (c == u'{') {
                if (depth++ == 0) {
                    from = i;
                    startLine = line;
                    object.clear();
                }
            } else if (c == u'}' && --depth == 0) {
                object += QStringView(chunk).mid(from, i - from + 1);
                from = -1;
                if (auto s = parseOneObject(object, startLine, source); !s)
                    return s;
                if (source.lines->failed())
                    return success();
            }
        }
        if (from >= 0) {
            object += QStringView(chunk).mid(from);
            if (object.size() > kMaxJsonDocumentBytes)
                return Error{QStringLiteral("%1:%2: one JSON object over %3 MiB: not an export row")
                                 .arg(source.name)
                                 .arg(startLine)
                                 .arg(kMaxJsonDocumentBytes / (1024 * 1024))};
        }
    }
    if (source.input->error())
        return *source.input->error();
    if (depth != 0 || inString)
        return Error{QStringLiteral("%1:%2: not valid JSON: the object that starts here does not end").arg(source.name).arg(startLine)};
    if (source.lines->isEmpty())
        return Error{QStringLiteral("%1: no rows").arg(source.name)};
    return success();
}

// Console Cost table: "Invoice number,...", "Currency,USD", ... then the header.
ParseResult parseConsoleCsv(Source &source, QStringList &notes)
{
    int skip = 0;
    QString currency;
    QStringView rest = source.head;
    while (!rest.isEmpty()) {
        const qsizetype nl = rest.indexOf(u'\n');
        const QStringView line = (nl < 0 ? rest : rest.left(nl)).trimmed();
        if (line.contains(u"SKU description") && line.contains(u"Cost type"))
            break;
        if (line.startsWith(u"Currency,")) {
            const QStringView code = line.mid(9).trimmed();
            currency = currencyCode(code);
            if (currency.isEmpty()) {
                return rowError(source.name, skip + 1,
                                QStringLiteral("field \"Currency\" above the table: \"%1\" %2").arg(code, currencyProblem(code)));
            }
        }
        ++skip;
        rest = nl < 0 ? QStringView() : rest.mid(nl + 1);
    }
    auto loaded = loadCsv(source, skip);
    if (!loaded)
        return loaded.error();
    CsvInput &in = loaded.value();
    const ColumnMap &m = in.columns;
    static constexpr Aliases kCost = {u"Unrounded Cost ($)", u"Cost ($)", u"Cost"};
    static constexpr Aliases kStart = {u"Usage start date"};
    const int cost = m.find(kCost);
    const int start = m.find(kStart);
    const int currencyCol = m.find({u"Currency"});
    if (cost < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the cost"), kCost);
    if (start < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the usage start"), kStart);
    if (currency.isEmpty() && currencyCol < 0)
        return Error{QStringLiteral("%1: no currency: expected a \"Currency,<code>\" line above the table or a Currency column").arg(in.source)};
    notes.append(QStringLiteral("%1: GCP console cost table: amounts from \"%2\"").arg(in.source, m.headerName(cost)));
    const int end = m.find({u"Usage end date"});
    const int project = m.find({u"Project ID"});
    const int service = m.find({u"Service description"});
    const int skuId = m.find({u"SKU ID"});
    const int skuDescription = m.find({u"SKU description"});
    const int creditType = m.find({u"Credit type"});
    const int costType = m.find({u"Cost type"});
    const int amount = m.find({u"Usage amount"});
    const int unit = m.find({u"Usage unit"});

    LineOut &lines = *source.lines;
    CsvFields record;
    while (in.next(record)) {
        const Row row(in, record);
        GcpRow r;
        r.sourceRow = row.line();
        auto micros = row.micros(cost, DecimalOptions{true, 0});
        if (!micros)
            return micros.error();
        r.costMicros = *micros;
        r.currency = currencyCol >= 0 ? currencyCode(row.text(currencyCol)) : currency;
        if (r.currency.isEmpty())
            return row.bad(currencyCol, currencyProblem(row.text(currencyCol)));
        auto day = row.day(start);
        if (!day)
            return day.error();
        r.start = QDateTime(*day, QTime(0, 0), QTimeZone::utc());
        r.end = r.start.addDays(1);
        if (end >= 0 && !row.text(end).isEmpty()) {
            auto last = row.day(end);
            if (!last)
                return last.error();
            r.end = QDateTime(last->addDays(1), QTime(0, 0), QTimeZone::utc()); // inclusive end date
        }
        r.projectId = row.text(project);
        r.service = row.text(service);
        r.skuId = row.text(skuId);
        r.skuDescription = row.text(skuDescription);
        r.creditType = row.text(creditType);
        r.costType = row.text(costType);
        if (squash(r.costType) == u"usage")
            r.costType = QStringLiteral("regular");
        auto q = row.number(amount, true);
        if (!q)
            return q.error();
        r.pricingAmount = r.usageAmount = *q;
        r.pricingUnit = r.usageUnit = row.text(unit);
        appendLines(r, lines);
    }
    return in.status();
}

// BigQuery rows flattened to CSV by a query ("sku.description" or "sku_description").
ParseResult parseFlatCsv(Source &source)
{
    auto loaded = loadCsv(source);
    if (!loaded)
        return loaded.error();
    CsvInput &in = loaded.value();
    const ColumnMap &m = in.columns;
    static constexpr Aliases kCost = {u"cost"};
    static constexpr Aliases kCurrency = {u"currency"};
    static constexpr Aliases kStart = {u"usage_start_time"};
    const int cost = m.find(kCost);
    const int currency = m.find(kCurrency);
    const int start = m.find(kStart);
    if (cost < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the cost"), kCost);
    if (start < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the usage start"), kStart);
    if (currency < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the currency"), kCurrency);
    const int end = m.find({u"usage_end_time"});
    const int month = m.find({u"invoice.month", u"invoice_month"});
    const int project = m.find({u"project.id", u"project_id"});
    const int service = m.find({u"service.description", u"service_description"});
    const int skuId = m.find({u"sku.id", u"sku_id"});
    const int skuDescription = m.find({u"sku.description", u"sku_description"});
    const int costType = m.find({u"cost_type"});
    const int amount = m.find({u"usage.amount", u"usage_amount"});
    const int unit = m.find({u"usage.unit", u"usage_unit"});
    const int pricingAmount = m.find({u"usage.amount_in_pricing_units", u"usage_amount_in_pricing_units"});
    const int pricingUnit = m.find({u"usage.pricing_unit", u"usage_pricing_unit"});
    const int machineSpec = m.find({u"machine_spec"});
    const int location = m.find({u"location.region", u"location_region"});
    const int creditAmount = m.find({u"credits_amount", u"credits.amount", u"credit_amount"});
    // The repeated credits record in one cell: [{"name": ..., "amount": -1.5, ...}] (see creditsCell).
    const int creditsCol = creditAmount < 0 ? m.find({u"credits"}) : -1;

    LineOut &lines = *source.lines;
    CsvFields record;
    while (in.next(record)) {
        const Row row(in, record);
        GcpRow r;
        r.sourceRow = row.line();
        auto micros = row.micros(cost);
        if (!micros)
            return micros.error();
        r.costMicros = *micros;
        r.currency = currencyCode(row.text(currency));
        if (r.currency.isEmpty())
            return row.bad(currency, currencyProblem(row.text(currency)));
        auto t = row.timestamp(start, kUtc);
        if (!t)
            return t.error();
        r.start = *t;
        if (end >= 0 && !row.text(end).isEmpty()) {
            auto e = row.timestamp(end, kUtc);
            if (!e)
                return e.error();
            r.end = *e;
        }
        auto invoiceMonth = row.month(month);
        if (!invoiceMonth)
            return invoiceMonth.error();
        r.invoiceMonth = *invoiceMonth;
        r.projectId = row.text(project);
        r.service = row.text(service);
        r.skuId = row.text(skuId);
        r.skuDescription = row.text(skuDescription);
        r.costType = row.text(costType);
        r.machineSpec = row.text(machineSpec);
        r.region = row.text(location);
        for (const auto &[col, target] : {std::pair{amount, &r.usageAmount}, std::pair{pricingAmount, &r.pricingAmount}}) {
            auto v = row.number(col);
            if (!v)
                return v.error();
            *target = *v;
        }
        r.usageUnit = row.text(unit);
        r.pricingUnit = row.text(pricingUnit);
        auto credit = row.optionalMicros(creditAmount);
        if (!credit)
            return credit.error();
        if (credit->value_or(0) != 0)
            r.credits.append(Credit{**credit, QStringLiteral("credits"), QString()});
        if (const QString cell = row.text(creditsCol).trimmed(); !cell.isEmpty()) {
            const auto list = creditsCell(cell);
            if (!list)
                return row.bad(creditsCol, list.errorMessage());
            QString field, value, why;
            if (!readCredits(*list, r.credits, field, value, why))
                return row.bad(creditsCol, QStringLiteral("%1 %2").arg(field, why));
        }
        appendLines(r, lines);
    }
    return in.status();
}

} // namespace

ParseResult parseGcp(Source &source, QStringList &notes)
{
    const QStringView start = QStringView(source.head).trimmed();
    if (start.startsWith(u'['))
        return parseJsonArray(source);
    if (start.startsWith(u'{'))
        return parseJsonObjects(source);
    const QStringView head = QStringView(source.head).left(4096);
    if (head.startsWith(u"Invoice number") || head.contains(u"SKU description"))
        return parseConsoleCsv(source, notes);
    return parseFlatCsv(source);
}

} // namespace gpuplanner::core::actuals::detail

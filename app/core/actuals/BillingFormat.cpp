// Format ids, detection from the header or the JSON shape, and readBillingExport: the one path
// every export takes, streamed from a device into a sink (parseBillingFile collects the lines).

#include "core/actuals/ParseSupport.h"
#include "core/actuals/SpendLine.h"
#include "core/actuals/TextInput.h"

#include <QBuffer>

#include <QSet>

#include <algorithm>

namespace gpuplanner::core::actuals {

using namespace detail;

namespace {

struct FormatName
{
    BillingFormat format;
    const char16_t *id;
};

constexpr FormatName kFormats[] = {
    {BillingFormat::Auto, u"auto"},     {BillingFormat::AwsCur, u"aws-cur"}, {BillingFormat::Azure, u"azure"},
    {BillingFormat::Gcp, u"gcp"},       {BillingFormat::Focus, u"focus"},    {BillingFormat::Alibaba, u"alibaba"},
    {BillingFormat::Tencent, u"tencent"}, {BillingFormat::Huawei, u"huawei"}, {BillingFormat::Csv, u"csv"},
};

// How far into the file detection looks for a JSON key or the header.
constexpr qsizetype kHeadChars = TextInput::kHeadChars;
constexpr int kMaxMetadataLines = 20;

QString firstLine(QStringView text)
{
    const qsizetype nl = text.indexOf(u'\n');
    return (nl < 0 ? text : text.left(nl)).trimmed().toString();
}

ColumnMap headerColumns(const QString &line)
{
    auto header = parseCsv(line, QString());
    return header ? ColumnMap(header->header()) : ColumnMap();
}

bool containsKey(QStringView head, QStringView key)
{
    return head.contains(QStringLiteral("\"%1\"").arg(key));
}

Result<BillingFormat> detectJson(QStringView head, const QString &source)
{
    if (containsKey(head, u"fee_records"))
        return BillingFormat::Huawei;
    if (containsKey(head, u"DetailSet") || (containsKey(head, u"Response") && containsKey(head, u"RequestId")))
        return BillingFormat::Tencent;
    if (containsKey(head, u"Data") && (containsKey(head, u"Items") || containsKey(head, u"BillingCycle")))
        return BillingFormat::Alibaba;
    if (containsKey(head, u"billing_account_id") || (containsKey(head, u"usage_start_time") && containsKey(head, u"cost")))
        return BillingFormat::Gcp;
    if (containsKey(head, u"podId") || containsKey(head, u"timeBilledMs"))
        return Error{QStringLiteral("%1: a RunPod billing API response: not supported (no billing format for RunPod yet); "
                                    "write its lines as the simple CSV (format csv)")
                         .arg(source)};
    if (containsKey(head, u"invoices"))
        return Error{QStringLiteral("%1: a Vast.ai invoices response: not supported (no billing format for Vast.ai yet); "
                                    "write its lines as the simple CSV (format csv)")
                         .arg(source)};
    return Error{QStringLiteral("%1: unrecognised JSON: expected a GCP BigQuery export (NDJSON rows with cost, "
                                "usage_start_time), Alibaba DescribeInstanceBill (Data.Items), Tencent "
                                "DescribeBillDetail (Response.DetailSet) or Huawei ListCustomerselfResourceRecords "
                                "(fee_records)")
                     .arg(source)};
}

Result<BillingFormat> detectCsv(QStringView text, const QString &source)
{
    const QString line = firstLine(text);
    const ColumnMap columns = headerColumns(line);
    auto has = [&](Aliases a) { return columns.has(a); };

    // The GCP console "Cost table" opens with metadata lines above its header.
    if (has({u"Invoice number"}) || has({u"Billing account ID"}) || line.startsWith(u"Invoice number")) {
        QStringView rest = text;
        for (int i = 0; i < kMaxMetadataLines && !rest.isEmpty(); ++i) {
            const ColumnMap c = headerColumns(firstLine(rest));
            if (c.has({u"SKU description"}) && c.has({u"Cost type"}))
                return BillingFormat::Gcp;
            const qsizetype nl = rest.indexOf(u'\n');
            rest = nl < 0 ? QStringView() : rest.mid(nl + 1);
        }
    }
    if (has({u"lineItem/LineItemType", u"line_item_line_item_type"})
        || has({u"lineItem/UsageStartDate", u"line_item_usage_start_date"}))
        return BillingFormat::AwsCur;
    if (has({u"ChargeCategory"}) && has({u"BilledCost", u"EffectiveCost"}))
        return BillingFormat::Focus;
    if (has({u"MeterCategory"}) || (has({u"MeterId"}) && has({u"CostInBillingCurrency", u"Cost", u"PreTaxCost"})))
        return BillingFormat::Azure;
    if (has({u"账期"}) || (has({u"BillingCycle"}) && has({u"PretaxAmount", u"InstanceID"})))
        return BillingFormat::Alibaba;
    if (has({u"Total Amount After Discount (Excluding Tax)"}) || (has({u"Payer Account ID"}) && has({u"Transaction Type"})))
        return BillingFormat::Tencent;
    if (has({u"usage_start_time", u"billing_account_id", u"sku.description", u"invoice.month"}))
        return BillingFormat::Gcp;
    if (has({u"lineItem/intervalUsageStart"}) && has({u"cost/myCost"}))
        return Error{QStringLiteral("%1: an OCI cost report (lineItem/intervalUsageStart, cost/myCost): not supported; "
                                    "export OCI FOCUS reports instead and import them as focus")
                         .arg(source)};
    if (has({u"Total costs($)"}) || line.contains(QStringLiteral("($)\"")))
        return Error{QStringLiteral("%1: an AWS Cost Explorer download: an aggregated pivot table (one column per "
                                    "service), not line items; export a Cost and Usage Report (CUR 2.0) or FOCUS "
                                    "instead")
                         .arg(source)};
    if (has({u"amount", u"cost", u"spend"}) && has({u"date", u"usage_start", u"start"}))
        return BillingFormat::Csv;
    return Error{QStringLiteral("%1: unrecognised billing export: the header matches none of AWS CUR "
                                "(lineItem/LineItemType, line_item_line_item_type), FOCUS (ChargeCategory, BilledCost), "
                                "Azure cost details (MeterCategory), GCP (usage_start_time, cost), Alibaba (账期, 应付金额), "
                                "Tencent (Total Amount After Discount (Excluding Tax)) or the simple CSV (date, provider, "
                                "amount, currency)")
                     .arg(source)};
}

Result<BillingFormat> detectText(QStringView text, const QString &source)
{
    const QStringView head = text.left(kHeadChars);
    const QStringView start = head.trimmed();
    if (start.startsWith(u'{') || start.startsWith(u'['))
        return detectJson(head, source);
    return detectCsv(text, source);
}

} // namespace

QString chargeKindId(ChargeKind kind)
{
    switch (kind) {
    case ChargeKind::Usage: return QStringLiteral("usage");
    case ChargeKind::Commitment: return QStringLiteral("commitment");
    case ChargeKind::Credit: return QStringLiteral("credit");
    case ChargeKind::Refund: return QStringLiteral("refund");
    case ChargeKind::Tax: return QStringLiteral("tax");
    case ChargeKind::Payment: return QStringLiteral("payment");
    case ChargeKind::Other: return QStringLiteral("other");
    }
    return QStringLiteral("other");
}

QString pricingKindId(PricingKind kind)
{
    switch (kind) {
    case PricingKind::OnDemand: return QStringLiteral("on-demand");
    case PricingKind::Spot: return QStringLiteral("spot");
    case PricingKind::Committed: return QStringLiteral("committed");
    case PricingKind::Unknown: return QStringLiteral("unknown");
    }
    return QStringLiteral("unknown");
}

std::optional<BillingFormat> billingFormatFromId(const QString &id)
{
    for (const FormatName &f : kFormats) {
        if (id.trimmed().compare(QStringView(f.id), Qt::CaseInsensitive) == 0)
            return f.format;
    }
    return std::nullopt;
}

QString billingFormatId(BillingFormat format)
{
    for (const FormatName &f : kFormats) {
        if (f.format == format)
            return QString::fromUtf16(f.id);
    }
    return QStringLiteral("auto");
}

QStringList billingFormatIds()
{
    QStringList ids;
    for (const FormatName &f : kFormats)
        ids.append(QString::fromUtf16(f.id));
    return ids;
}

QStringList BillingFile::periods() const
{
    QSet<QString> seen;
    for (const SpendLine &line : lines)
        seen.insert(line.billingPeriod);
    QStringList sorted(seen.begin(), seen.end());
    std::sort(sorted.begin(), sorted.end());
    return sorted;
}

Result<BillingReadSummary> readBillingExport(QIODevice &device, const QString &sourceName, BillingFormat format,
                                             SpendSink &sink, const ReadProgress &progress, const QDate &today)
{
    TextInput input(device, sourceName, progress);
    auto head = input.head();
    if (!head)
        return head.error();
    if (format == BillingFormat::Auto) {
        auto detected = detectText(*head, sourceName);
        if (!detected)
            return detected.error();
        format = *detected;
    }
    BillingReadSummary summary;
    summary.format = format;
    LineOut lines(sourceName, sink, summary);
    FileDates dates(today);
    Source source{sourceName, std::move(head).value(), &input, &lines, &dates};
    QStringList &notes = summary.notes;
    ParseResult read = success();
    switch (format) {
    case BillingFormat::AwsCur: read = parseAwsCur(source, notes); break;
    case BillingFormat::Azure: read = parseAzure(source, notes); break;
    case BillingFormat::Gcp: read = parseGcp(source, notes); break;
    case BillingFormat::Focus: read = parseFocus(source, notes); break;
    case BillingFormat::Alibaba: read = parseAlibaba(source, notes); break;
    case BillingFormat::Tencent: read = parseTencent(source, notes); break;
    case BillingFormat::Huawei: read = parseHuawei(source, notes); break;
    case BillingFormat::Csv: read = parseGenericCsv(source, notes); break;
    case BillingFormat::Auto: break;
    }
    if (!read)
        return read.error();
    if (lines.error())
        return *lines.error();
    // A reader stops at its last row; what it did not read still counts in the file's identity.
    QString rest;
    while (input.next(rest)) {
    }
    if (input.error())
        return *input.error();
    lines.finish();
    summary.sha256 = input.sha256();
    return summary;
}

Result<BillingFormat> detectBillingFormat(const QByteArray &bytes, const QString &sourceName)
{
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    TextInput input(buffer, sourceName);
    auto head = input.head();
    if (!head)
        return head.error();
    return detectText(*head, sourceName);
}

namespace {

// Keeps every line, for a file read whole (tests, the CLI's --scenario check on small files).
class ListSink final : public SpendSink
{
public:
    explicit ListSink(QList<SpendLine> &lines) : m_lines(lines) {}
    Status add(const SpendLine &line) override
    {
        m_lines.append(line);
        return success();
    }
    Status setBasis(const QString &basis) override
    {
        for (SpendLine &l : m_lines)
            l.basis = basis;
        return success();
    }

private:
    QList<SpendLine> &m_lines;
};

} // namespace

Result<BillingFile> parseBillingFile(const QByteArray &bytes, const QString &sourceName, BillingFormat format,
                                     const QDate &today)
{
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    BillingFile file;
    ListSink sink(file.lines);
    auto read = readBillingExport(buffer, sourceName, format, sink, {}, today);
    if (!read)
        return read.error();
    file.format = read->format;
    file.sourceName = sourceName;
    file.sha256 = read->sha256;
    file.notes = read->notes;
    return file;
}

} // namespace gpuplanner::core::actuals

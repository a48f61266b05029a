// Tencent Cloud bills: the international console bill CSV (English headers) and the billing
// v20180709 DescribeBillDetail JSON (one line per ComponentSet entry). Amounts are the total after
// discount before tax and vouchers (Total Amount After Discount (Excluding Tax) / RealCost);
// vouchers and free credits are Credit lines, tax a Tax line. Times are naive Beijing time, with
// the end written as the last second ("00:59:59").

#include "core/actuals/GpuRecognizer.h"
#include "core/actuals/ParseSupport.h"

#include <QJsonArray>

namespace gpuplanner::core::actuals::detail {

namespace {

bool isHourText(QStringView unit)
{
    const QString u = squash(unit);
    return u == u"小时" || u == u"hour" || u == u"hours" || u == u"h";
}

void tencentKind(const QString &billingMode, const QString &transaction, const QString &componentType,
                 bool reservedInstance, SpendLine &line)
{
    const QString mode = squash(billingMode);
    const QString action = squash(transaction);
    const QString type = squash(componentType);
    const bool prepaid = mode.contains(u"subscription") || mode.contains(u"prepaid") || mode.contains(u"包年包月")
        || action.startsWith(u"prepay");
    // Money given back: a refund (退款), a subscription's refund (prepay_return, 包年包月退款) and the
    // refund of a subscription's rest when it turns pay-as-you-go (pre_to_post, 包年包月转按量); the
    // codes and names are those of the billing API's ActionType (tencentcloud-sdk-php Billing
    // BillDetail, 2018-07-09).
    if (action.contains(u"refund") || action.contains(u"退") || action == u"prepayreturn" || action == u"pretopost"
        || action.contains(u"转按量"))
        line.kind = ChargeKind::Refund;
    else if (prepaid && (action.contains(u"purchase") || action.contains(u"renew") || action.contains(u"新购")
                         || action.contains(u"续费") || action.startsWith(u"prepay") || action.contains(u"upgrade")
                         || action.contains(u"配置")))
        line.kind = ChargeKind::Commitment;
    else
        line.kind = ChargeKind::Usage;
    // Component InstanceType: si spot, ri reserved instance, svp savings plan, rp resource pack.
    if (type == u"si" || mode.contains(u"spot") || mode.contains(u"竞价"))
        line.pricing = PricingKind::Spot;
    else if (reservedInstance || type == u"ri" || type == u"svp" || type == u"rp" || prepaid)
        line.pricing = PricingKind::Committed;
    else if (mode.contains(u"payasyougo") || mode.contains(u"按量"))
        line.pricing = PricingKind::OnDemand;
    if (line.kind == ChargeKind::Commitment)
        line.pricing = PricingKind::Committed;
}

ParseResult parseTencentCsv(Source &source)
{
    auto loaded = loadCsv(source);
    if (!loaded)
        return loaded.error();
    CsvInput &in = loaded.value();
    const ColumnMap &m = in.columns;
    static constexpr Aliases kAmount = {u"Total Amount After Discount (Excluding Tax)"};
    static constexpr Aliases kCurrency = {u"Currency"};
    static constexpr Aliases kStart = {u"Usage Start Time", u"Transaction Time"};
    const int amount = m.find(kAmount);
    const int currency = m.find(kCurrency);
    const int start = m.find({u"Usage Start Time"});
    const int transactionTime = m.find({u"Transaction Time"});
    if (amount < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the cost"), kAmount);
    if (currency < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the currency"), kCurrency);
    if (start < 0 && transactionTime < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the usage start"), kStart);
    const int end = m.find({u"Usage End Time"});
    const int voucher = m.find({u"Voucher Deduction"});
    const int tax = m.find({u"Tax Amount"});
    const int mode = m.find({u"Billing Mode"});
    const int transaction = m.find({u"Transaction Type"});
    const int reserved = m.find({u"Reserved Instance"});
    const int product = m.find({u"Product Name"});
    const int subproduct = m.find({u"Subproduct Name"});
    const int componentType = m.find({u"Component Type"});
    const int componentName = m.find({u"Component Name"});
    const int instance = m.find({u"Instance ID"});
    const int instanceType = m.find({u"Instance Type"});
    const int region = m.find({u"Region"});
    const int account = m.find({u"Owner Account ID"});
    const int project = m.find({u"Project Name"});
    const int usage = m.find({u"Component Usage"});
    const int usageUnit = m.find({u"Component Usage Unit"});
    const int duration = m.find({u"Usage Duration"});
    const int durationUnit = m.find({u"Duration Unit"});

    LineOut &lines = *source.lines;
    CsvFields record;
    while (in.next(record)) {
        const Row row(in, record);
        SpendLine line;
        line.provider = QStringLiteral("tencent");
        line.sourceRow = row.line();
        line.basis = kBasisBilled;
        line.currency = currencyCode(row.text(currency));
        if (line.currency.isEmpty()) {
            return row.bad(currency, row.text(currency).isEmpty() ? QStringLiteral("is empty: every line needs its currency")
                                                                  : QStringLiteral("is not an ISO 4217 currency code"));
        }
        if (auto bad = row.usageWindow(start, end, transactionTime, kChinaStandardTime, line))
            return *bad;
        line.billingPeriod = monthOf(line.usageStart, kChinaStandardTime);
        auto micros = row.micros(amount);
        if (!micros)
            return micros.error();
        line.amountMicros = *micros;
        line.account = row.text(account);
        line.service = row.text(product);
        line.resourceId = row.text(instance);
        line.region = row.text(region);
        line.project = row.text(project);
        line.sku = row.text(componentName).isEmpty() ? row.text(subproduct) : row.text(componentName);
        line.chargeDetail = row.text(transaction);
        line.instanceType = row.text(instanceType);
        if (line.instanceType.isEmpty())
            line.instanceType = tencentGpuFamilyIn(row.text(subproduct));
        if (line.instanceType.isEmpty())
            line.instanceType = tencentGpuFamilyIn(row.text(componentName));
        line.gpu = isGpuInstanceType(line.instanceType);
        tencentKind(row.text(mode), row.text(transaction), QString(), !row.text(reserved).isEmpty(), line);
        auto used = row.number(usage);
        if (!used)
            return used.error();
        auto hours = row.number(duration);
        if (!hours)
            return hours.error();
        line.quantity = *used;
        line.quantityUnit = row.text(usageUnit);
        const bool instanceComponent = squash(row.text(componentType)) == u"instance" || squash(row.text(componentType)) == u"实例";
        if (line.kind == ChargeKind::Usage && instanceComponent && isHourText(row.text(durationUnit)))
            line.usageHours = *hours * (*used > 0 ? *used : 1.0);
        auto paidByVoucher = row.micros(voucher);
        if (!paidByVoucher)
            return paidByVoucher.error();
        auto taxed = row.micros(tax);
        if (!taxed)
            return taxed.error();
        lines.append(line);
        if (*paidByVoucher != 0)
            lines.append(voucherLine(line, *paidByVoucher, m.headerName(voucher)));
        if (*taxed != 0) {
            // The line's copy with the amount as is (voucherLine negates) and the kind Tax.
            SpendLine taxLine = voucherLine(line, -*taxed, m.headerName(tax));
            taxLine.kind = ChargeKind::Tax;
            lines.append(taxLine);
        }
    }
    return in.status();
}

ParseResult parseTencentJson(Source &source, QStringList &notes)
{
    auto doc = loadJson(source);
    if (!doc)
        return doc.error();
    const QJsonObject response = doc->object().value(u"Response").toObject();
    if (response.contains(u"Error")) {
        return Error{QStringLiteral("%1: an error response: %2 %3")
                         .arg(source.name, jsonText(response, {u"Error", u"Code"}), jsonText(response, {u"Error", u"Message"}))};
    }
    if (!response.value(u"DetailSet").isArray())
        return Error{QStringLiteral("%1: no Response.DetailSet list (expected a DescribeBillDetail response)").arg(source.name)};
    notes.append(QStringLiteral("%1: DescribeBillDetail carries no currency: amounts are in 元, read as CNY").arg(source.name));
    const QJsonArray details = response.value(u"DetailSet").toArray();
    LineOut &lines = *source.lines;
    for (qsizetype i = 0; i < details.size(); ++i) {
        const int record = int(i + 1);
        const QJsonObject d = details.at(i).toObject();
        SpendLine base;
        base.provider = QStringLiteral("tencent");
        base.sourceRow = record;
        base.basis = kBasisBilled;
        base.currency = QStringLiteral("CNY");
        const QString startText = jsonText(d, {u"FeeBeginTime"});
        if (startText.isEmpty())
            return recordError(source.name, record, QStringLiteral("FeeBeginTime"), startText, QStringLiteral("is missing"));
        const auto begin = source.dates->timestamp(startText, kChinaStandardTime);
        if (!begin.value)
            return recordError(source.name, record, QStringLiteral("FeeBeginTime"), startText, begin.why);
        base.usageStart = *begin.value;
        if (const QString endText = jsonText(d, {u"FeeEndTime"}); !endText.isEmpty()) {
            const auto end = source.dates->timestamp(endText, kChinaStandardTime);
            if (!end.value)
                return recordError(source.name, record, QStringLiteral("FeeEndTime"), endText, end.why);
            base.usageEnd = exclusiveEnd(*end.value);
        }
        base.billingPeriod = monthOf(base.usageStart, kChinaStandardTime);
        base.account = jsonText(d, {u"OwnerUin"});
        base.service = jsonText(d, {u"BusinessCodeName"});
        base.resourceId = jsonText(d, {u"ResourceId"});
        for (const QJsonValue &tag : d.value(u"Tags").toArray()) {
            if (isProjectKey(tag.toObject().value(u"TagKey").toString()))
                base.project = tag.toObject().value(u"TagValue").toString();
        }
        if (base.project.isEmpty())
            base.project = jsonText(d, {u"ProjectName"});
        base.chargeDetail = jsonText(d, {u"ActionTypeName"});
        base.instanceType = tencentGpuFamilyIn(jsonText(d, {u"ProductCodeName"}));
        const QJsonArray components = d.value(u"ComponentSet").toArray();
        if (components.isEmpty())
            return recordError(source.name, record, QStringLiteral("ComponentSet"), {}, QStringLiteral("is empty: no amounts"));
        for (qsizetype k = 0; k < components.size(); ++k) {
            const QJsonObject c = components.at(k).toObject();
            auto bad = [&](const char16_t *field, const QString &why) {
                return recordError(source.name, record, QStringLiteral("ComponentSet[%1].%2").arg(k).arg(QString::fromUtf16(field)),
                                   jsonText(c, {field}), why);
            };
            SpendLine line = base;
            line.sku = jsonText(c, {u"ItemCodeName"});
            if (line.instanceType.isEmpty())
                line.instanceType = tencentGpuFamilyIn(line.sku);
            line.gpu = isGpuInstanceType(line.instanceType);
            if (!c.contains(u"RealCost"))
                return bad(u"RealCost", QStringLiteral("is missing: every component needs its cost"));
            const DecimalResult cost = jsonDecimalMicros(c.value(u"RealCost"));
            if (!cost.ok())
                return bad(u"RealCost", cost.error);
            line.amountMicros = cost.micros.value_or(0);
            tencentKind(jsonText(d, {u"PayModeName"}), jsonText(d, {u"ActionType"}), jsonText(c, {u"InstanceType"}), false, line);
            const DecimalResult used = jsonDecimalMicros(c.value(u"UsedAmount"));
            const DecimalResult span = jsonDecimalMicros(c.value(u"TimeSpan"));
            if (!used.ok())
                return bad(u"UsedAmount", used.error);
            if (!span.ok())
                return bad(u"TimeSpan", span.error);
            line.quantity = double(used.micros.value_or(0)) / 1e6;
            line.quantityUnit = jsonText(c, {u"UsedAmountUnit"});
            const bool instance = jsonText(c, {u"ComponentCodeName"}) == u"实例" || jsonText(c, {u"ComponentCode"}) == u"v_cvm_ins";
            if (line.kind == ChargeKind::Usage && instance && isHourText(jsonText(c, {u"TimeUnitName"})))
                line.usageHours = double(span.micros.value_or(0)) / 1e6 * (line.quantity > 0 ? line.quantity : 1.0);
            lines.append(line);
            for (const char16_t *field : {u"VoucherPayAmount", u"IncentivePayAmount"}) {
                const DecimalResult paid = jsonDecimalMicros(c.value(QStringView(field)));
                if (!paid.ok())
                    return bad(field, paid.error);
                if (paid.micros.value_or(0) != 0)
                    lines.append(voucherLine(line, *paid.micros, QString::fromUtf16(field)));
            }
        }
    }
    return success();
}

} // namespace

ParseResult parseTencent(Source &source, QStringList &notes)
{
    const QStringView start = QStringView(source.head).trimmed();
    if (start.startsWith(u'{'))
        return parseTencentJson(source, notes);
    return parseTencentCsv(source);
}

} // namespace gpuplanner::core::actuals::detail

// Alibaba Cloud bills: the 明细账单 CSV (Chinese header, or its English OSS names) and the BSS
// DescribeInstanceBill JSON; and Huawei Cloud's ListCustomerselfResourceRecords JSON. Amounts are
// the payable amount before vouchers (应付金额 / PretaxAmount / amount); vouchers (代金券,
// coupons) are payment instruments, kept as Credit lines of their own. Naive Alibaba times are
// Beijing time; Huawei writes Z or GMT+08:00. Huawei amounts are in 元, 角 or 分 per measure_id.

#include "core/actuals/GpuRecognizer.h"
#include "core/actuals/ParseSupport.h"

#include <QJsonArray>

namespace gpuplanner::core::actuals::detail {

namespace {

bool isHourText(QStringView unit)
{
    const QString u = squash(unit);
    return u == u"小时" || u == u"hour" || u == u"hours" || u == u"h" || u == u"hrs";
}

// Kind and pricing of an Alibaba bill line from 账单类型/Item, 消费类型/SubscriptionType and 计费方式.
void alibabaKind(const QString &billType, const QString &consumeType, const QString &method, SpendLine &line)
{
    const QString bill = squash(billType);
    const QString consume = squash(consumeType);
    const QString how = squash(method) + consume;
    if (bill.contains(u"退款") || bill.contains(u"refund"))
        line.kind = ChargeKind::Refund;
    else if (bill.contains(u"调账") || bill.contains(u"adjust"))
        line.kind = ChargeKind::Other;
    else if (bill.contains(u"预付费") || bill.contains(u"subscriptionorder") || consume == u"预付费" || consume == u"subscription")
        line.kind = ChargeKind::Commitment; // 包年包月: the provider's own subscription term
    else
        line.kind = ChargeKind::Usage;
    if (how.contains(u"抢占") || how.contains(u"竞价") || how.contains(u"spot") || how.contains(u"preemptible"))
        line.pricing = PricingKind::Spot;
    else if (how.contains(u"包年包月") || how.contains(u"预付费") || how.contains(u"subscription"))
        line.pricing = PricingKind::Committed;
    else if (how.contains(u"按量") || how.contains(u"后付费") || how.contains(u"payasyougo"))
        line.pricing = PricingKind::OnDemand;
    if (line.kind == ChargeKind::Commitment)
        line.pricing = PricingKind::Committed;
}

void finishAlibaba(SpendLine &line, const QString &usageUnit)
{
    line.gpu = isGpuInstanceType(line.instanceType);
    line.quantityUnit = usageUnit;
    if (line.kind == ChargeKind::Usage && isHourText(usageUnit))
        line.usageHours = line.quantity;
}

ParseResult parseAlibabaCsv(Source &source, QStringList &notes)
{
    auto loaded = loadCsv(source);
    if (!loaded)
        return loaded.error();
    CsvInput &in = loaded.value();
    const ColumnMap &m = in.columns;
    static constexpr Aliases kAmount = {u"应付金额", u"PretaxAmount"};
    static constexpr Aliases kStart = {u"账单开始时间", u"UsageStartTime", u"消费时间", u"PaymentTime"};
    const int amount = m.find(kAmount);
    if (amount < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the payable amount"), kAmount);
    const int start = m.find({u"账单开始时间", u"UsageStartTime"});
    const int paidAt = m.find({u"消费时间", u"PaymentTime"});
    if (start < 0 && paidAt < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the usage start"), kStart);
    const int end = m.find({u"账单结束时间", u"UsageEndTime"});
    const int period = m.find({u"账期", u"BillingCycle"});
    const int currency = m.find({u"币种", u"Currency"});
    const int voucher = m.find({u"代金券抵扣", u"DeductedByCashCoupons"});
    const int billType = m.find({u"账单类型", u"Item"});
    const int consumeType = m.find({u"消费类型", u"SubscriptionType"});
    const int method = m.find({u"计费方式", u"BillingType"});
    const int instance = m.find({u"实例ID", u"InstanceID"});
    const int spec = m.find({u"实例规格", u"InstanceSpec"});
    const int account = m.find({u"账号ID", u"AccountID"});
    const int product = m.find({u"产品Code", u"ProductCode"});
    const int item = m.find({u"计费项", u"BillingItem"});
    const int detail = m.find({u"产品明细", u"ProductDetail"});
    const int usage = m.find({u"用量", u"Usage"});
    const int usageUnit = m.find({u"用量单位", u"UsageUnit"});
    const int tags = m.find({u"实例标签", u"Tag"});
    if (currency < 0) {
        notes.append(QStringLiteral("%1: no currency column: the China-site bill is in 元, read as CNY").arg(in.source));
    }

    LineOut &lines = *source.lines;
    CsvFields record;
    while (in.next(record)) {
        const Row row(in, record);
        SpendLine line;
        line.provider = QStringLiteral("alibaba");
        line.sourceRow = row.line();
        line.basis = kBasisBilled;
        line.currency = currency < 0 ? QStringLiteral("CNY") : currencyCode(row.text(currency));
        if (line.currency.isEmpty())
            return row.bad(currency, currencyProblem(row.text(currency)));
        if (auto bad = row.usageWindow(start, end, paidAt, kChinaStandardTime, line))
            return *bad;
        auto billingPeriod = row.month(period);
        if (!billingPeriod)
            return billingPeriod.error();
        line.billingPeriod = *billingPeriod;
        if (line.billingPeriod.isEmpty())
            line.billingPeriod = monthOf(line.usageStart, kChinaStandardTime);
        auto micros = row.micros(amount);
        if (!micros)
            return micros.error();
        line.amountMicros = *micros;
        line.account = row.text(account);
        line.service = row.text(product);
        line.resourceId = row.text(instance);
        line.instanceType = row.text(spec);
        line.sku = row.text(item).isEmpty() ? row.text(detail) : row.text(item);
        line.project = projectFromPairs(row.text(tags));
        line.chargeDetail = row.text(billType);
        alibabaKind(row.text(billType), row.text(consumeType), row.text(method), line);
        auto q = row.number(usage);
        if (!q)
            return q.error();
        line.quantity = *q;
        finishAlibaba(line, row.text(usageUnit));
        auto paidByVoucher = row.micros(voucher);
        if (!paidByVoucher)
            return paidByVoucher.error();
        lines.append(line);
        if (*paidByVoucher != 0)
            lines.append(voucherLine(line, *paidByVoucher, m.headerName(voucher)));
    }
    return in.status();
}

ParseResult parseAlibabaJson(Source &source, QStringList &notes)
{
    auto doc = loadJson(source);
    if (!doc)
        return doc.error();
    const QJsonObject root = doc->object();
    if (root.value(u"Success").isBool() && !root.value(u"Success").toBool()) {
        return Error{QStringLiteral("%1: an error response: %2 %3")
                         .arg(source.name, jsonText(root, {u"Code"}), jsonText(root, {u"Message"}))};
    }
    const QJsonObject data = root.value(u"Data").toObject();
    if (!data.value(u"Items").isArray())
        return Error{QStringLiteral("%1: no Data.Items list (expected a DescribeInstanceBill response)").arg(source.name)};
    const QJsonArray items = data.value(u"Items").toArray();
    FileDates &dates = *source.dates;
    dates.setRowWord(QStringLiteral("record"));
    for (qsizetype i = 0; i < items.size(); ++i)
        dates.survey(jsonText(items.at(i).toObject(), {u"BillingDate"}), int(i + 1));
    dates.endSurvey();
    const QString cycleText = jsonText(data, {u"BillingCycle"});
    const auto checkedCycle = dates.month(cycleText, 0);
    if (!checkedCycle.value)
        return Error{QStringLiteral("%1: field \"Data.BillingCycle\": \"%2\" %3").arg(source.name, cycleText, checkedCycle.why)};
    const QString cycle = *checkedCycle.value;
    if (!jsonText(data, {u"NextToken"}).isEmpty())
        notes.append(QStringLiteral("%1: NextToken is set: more pages of this bill to fetch").arg(source.name));
    LineOut &lines = *source.lines;
    for (qsizetype i = 0; i < items.size(); ++i) {
        const int record = int(i + 1);
        const QJsonObject o = items.at(i).toObject();
        auto bad = [&](const char16_t *field, const QString &why) {
            return recordError(source.name, record, QString::fromUtf16(field), jsonText(o, {field}), why);
        };
        SpendLine line;
        line.provider = QStringLiteral("alibaba");
        line.sourceRow = record;
        line.basis = kBasisBilled;
        line.currency = currencyCode(jsonText(o, {u"Currency"}));
        if (line.currency.isEmpty())
            return bad(u"Currency", currencyProblem(jsonText(o, {u"Currency"}), u"item"));
        const QString startText = jsonText(o, {u"UsageStartTime"});
        const QString endText = jsonText(o, {u"UsageEndTime"});
        const QString dayText = jsonText(o, {u"BillingDate"});
        if (!startText.isEmpty()) {
            const auto t = dates.timestamp(startText, kChinaStandardTime);
            if (!t.value)
                return bad(u"UsageStartTime", t.why);
            line.usageStart = *t.value;
            if (!endText.isEmpty()) {
                const auto e = dates.timestamp(endText, kChinaStandardTime);
                if (!e.value)
                    return bad(u"UsageEndTime", e.why);
                line.usageEnd = exclusiveEnd(*e.value);
            }
        } else if (!dayText.isEmpty()) {
            const auto d = dates.day(dayText, record);
            if (!d.value)
                return bad(u"BillingDate", d.why);
            setDayWindow(line, *d.value, kChinaStandardTime); // a daily bill: the Beijing calendar day
        } else if (!cycle.isEmpty()) {
            const QDate first = QDate::fromString(cycle + QStringLiteral("-01"), QStringLiteral("yyyy-MM-dd"));
            line.usageStart = QDateTime(first, QTime(0, 0), QTimeZone(kChinaStandardTime));
            line.usageEnd = QDateTime(first.addMonths(1), QTime(0, 0), QTimeZone(kChinaStandardTime));
        } else {
            return bad(u"BillingDate", QStringLiteral("is missing, and so are UsageStartTime and Data.BillingCycle"));
        }
        line.billingPeriod = cycle.isEmpty() ? monthOf(line.usageStart, kChinaStandardTime) : cycle;
        if (!o.contains(u"PretaxAmount"))
            return bad(u"PretaxAmount", QStringLiteral("is missing: every item needs its payable amount"));
        const DecimalResult amount = jsonDecimalMicros(o.value(u"PretaxAmount"));
        if (!amount.ok())
            return bad(u"PretaxAmount", amount.error);
        line.amountMicros = amount.micros.value_or(0);
        line.account = jsonText(o, {u"OwnerID"});
        if (line.account.isEmpty())
            line.account = jsonText(data, {u"AccountID"});
        line.service = jsonText(o, {u"ProductCode"});
        line.resourceId = jsonText(o, {u"InstanceID"});
        line.instanceType = jsonText(o, {u"InstanceSpec"});
        line.sku = jsonText(o, {u"BillingItem"});
        line.project = projectFromPairs(jsonText(o, {u"Tag"}));
        line.chargeDetail = jsonText(o, {u"Item"});
        alibabaKind(jsonText(o, {u"Item"}), jsonText(o, {u"SubscriptionType"}), jsonText(o, {u"BillingType"}), line);
        const DecimalResult usage = jsonDecimalMicros(o.value(u"Usage"));
        if (!usage.ok())
            return bad(u"Usage", usage.error);
        line.quantity = double(usage.micros.value_or(0)) / 1e6;
        finishAlibaba(line, jsonText(o, {u"UsageUnit"}));
        const DecimalResult voucher = jsonDecimalMicros(o.value(u"DeductedByCashCoupons"));
        if (!voucher.ok())
            return bad(u"DeductedByCashCoupons", voucher.error);
        lines.append(line);
        if (voucher.micros.value_or(0) != 0)
            lines.append(voucherLine(line, *voucher.micros, QStringLiteral("DeductedByCashCoupons")));
    }
    return success();
}

// Huawei bill_type codes (ResFeeRecordV2).
ChargeKind huaweiKind(int billType, bool periodic)
{
    switch (billType) {
    case 1: case 2: case 3: case 8: return ChargeKind::Commitment; // new, renew, change, auto-renew purchases
    case 4: return ChargeKind::Refund;                           // 退款-退订
    case 5: case 12: return periodic ? ChargeKind::Commitment : ChargeKind::Usage; // 消费-使用, 按时计费
    case 9: return ChargeKind::Credit;                           // 调账-补偿
    default: return ChargeKind::Other;                           // 13 退订手续费, 14 support plan, 16 调账-扣费
    }
}

} // namespace

ParseResult parseAlibaba(Source &source, QStringList &notes)
{
    const QStringView start = QStringView(source.head).trimmed();
    if (start.startsWith(u'{'))
        return parseAlibabaJson(source, notes);
    return parseAlibabaCsv(source, notes);
}

ParseResult parseHuawei(Source &source, QStringList &notes)
{
    Q_UNUSED(notes);
    auto doc = loadJson(source);
    if (!doc)
        return doc.error();
    const QJsonObject root = doc->object();
    if (root.contains(u"error_code")) {
        return Error{QStringLiteral("%1: an error response: %2 %3")
                         .arg(source.name, jsonText(root, {u"error_code"}), jsonText(root, {u"error_msg"}))};
    }
    if (!root.value(u"fee_records").isArray())
        return Error{QStringLiteral("%1: no fee_records list (expected a ListCustomerselfResourceRecords response)").arg(source.name)};
    const QString responseCurrency = jsonText(root, {u"currency"});
    const QString fileCurrency = currencyCode(responseCurrency);
    const QJsonArray records = root.value(u"fee_records").toArray();
    FileDates &dates = *source.dates;
    dates.setRowWord(QStringLiteral("record"));
    for (qsizetype i = 0; i < records.size(); ++i)
        dates.survey(jsonText(records.at(i).toObject(), {u"bill_date"}), int(i + 1));
    dates.endSurvey();
    LineOut &lines = *source.lines;
    for (qsizetype i = 0; i < records.size(); ++i) {
        const int record = int(i + 1);
        const QJsonObject o = records.at(i).toObject();
        auto bad = [&](const char16_t *field, const QString &why) {
            return recordError(source.name, record, QString::fromUtf16(field), jsonText(o, {field}), why);
        };
        SpendLine line;
        line.provider = QStringLiteral("huawei");
        line.sourceRow = record;
        line.basis = kBasisBilled;
        const bool ownCurrency = o.contains(u"currency");
        line.currency = ownCurrency ? currencyCode(jsonText(o, {u"currency"})) : fileCurrency;
        if (line.currency.isEmpty() && ownCurrency)
            return bad(u"currency", currencyProblem(jsonText(o, {u"currency"}), u"record"));
        if (line.currency.isEmpty()) {
            return bad(u"currency", responseCurrency.isEmpty()
                                        ? QStringLiteral("is missing, and so is the response's currency")
                                        : QStringLiteral("is missing, and the response's currency \"%1\" %2")
                                              .arg(responseCurrency, currencyProblem(responseCurrency)));
        }
        // measure_id: 1 元, 2 角, 3 分.
        const QString measure = jsonText(o, {u"measure_id"});
        DecimalOptions unit;
        if (measure == u"2")
            unit.exponentShift = -1;
        else if (measure == u"3")
            unit.exponentShift = -2;
        else if (!measure.isEmpty() && measure != u"1")
            return bad(u"measure_id", QStringLiteral("is not an amount unit (1 元, 2 角, 3 分)"));
        // effective_time/expire_time: pay-per-use only (the SDK's ResFeeRecordV2); a yearly/monthly
        // record has its bill_date, a day cut in Beijing time.
        const QString startText = jsonText(o, {u"effective_time"});
        const QString dayText = jsonText(o, {u"bill_date"});
        if (!startText.isEmpty() || dayText.isEmpty()) {
            if (startText.isEmpty())
                return bad(u"effective_time", QStringLiteral("is missing, and so is bill_date"));
            const auto begin = dates.timestamp(startText, kChinaStandardTime);
            if (!begin.value)
                return bad(u"effective_time", begin.why);
            line.usageStart = *begin.value;
            if (const QString endText = jsonText(o, {u"expire_time"}); !endText.isEmpty()) {
                const auto e = dates.timestamp(endText, kChinaStandardTime);
                if (!e.value)
                    return bad(u"expire_time", e.why);
                line.usageEnd = exclusiveEnd(*e.value);
            }
        } else {
            const auto d = dates.day(dayText, record);
            if (!d.value)
                return bad(u"bill_date", d.why);
            setDayWindow(line, *d.value, kChinaStandardTime);
        }
        const auto cycle = dates.month(jsonText(o, {u"bill_cycle"}), record);
        if (!cycle.value)
            return bad(u"bill_cycle", cycle.why);
        line.billingPeriod = cycle.value->isEmpty() ? monthOf(line.usageStart, kChinaStandardTime) : *cycle.value;
        if (!o.contains(u"amount"))
            return bad(u"amount", QStringLiteral("is missing: every record needs its amount"));
        const DecimalResult amount = jsonDecimalMicros(o.value(u"amount"), unit);
        if (!amount.ok())
            return bad(u"amount", amount.error);
        line.amountMicros = amount.micros.value_or(0);

        const QString chargeMode = jsonText(o, {u"charge_mode"});
        const bool periodic = chargeMode == u"1";
        line.pricing = chargeMode == u"3" ? PricingKind::OnDemand
            : (periodic || chargeMode == u"10") ? PricingKind::Committed
                                                : PricingKind::Unknown;
        bool billTypeOk = false;
        const int billType = jsonText(o, {u"bill_type"}).toInt(&billTypeOk);
        if (!billTypeOk)
            return bad(u"bill_type", QStringLiteral("is not a bill type code"));
        line.kind = huaweiKind(billType, periodic);
        line.chargeDetail = QStringLiteral("bill_type %1").arg(billType);
        if (line.kind == ChargeKind::Commitment)
            line.pricing = PricingKind::Committed;
        line.account = jsonText(o, {u"customer_id"});
        line.service = jsonText(o, {u"cloud_service_type"});
        line.resourceId = jsonText(o, {u"resource_id"});
        line.sku = jsonText(o, {u"product_name"});
        line.instanceType = instanceTypeIn(line.sku);
        line.gpu = isGpuInstanceType(line.instanceType);
        line.project = projectFromPairs(jsonText(o, {u"resource_tag"}));
        if (line.project.isEmpty())
            line.project = jsonText(o, {u"enterprise_project_name"});
        line.quantity = jsonAt(o, {u"usage"}).toDouble();
        // usage_measure_id 4 is hours.
        if (jsonText(o, {u"usage_measure_id"}) == u"4") {
            line.quantityUnit = QStringLiteral("hour");
            if (line.kind == ChargeKind::Usage)
                line.usageHours = line.quantity;
        }
        lines.append(line);
        for (const char16_t *field : {u"coupon_amount", u"flexipurchase_coupon_amount", u"bonus_amount"}) {
            const DecimalResult paid = jsonDecimalMicros(o.value(QStringView(field)), unit);
            if (!paid.ok())
                return bad(field, paid.error);
            if (paid.micros.value_or(0) != 0)
                lines.append(voucherLine(line, *paid.micros, QString::fromUtf16(field)));
        }
    }
    return success();
}

} // namespace gpuplanner::core::actuals::detail

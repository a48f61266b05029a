// Azure cost details: EA (CostInBillingCurrency / the c360 Cost header), MCA (camelCase, billing
// vs pricing currency), the legacy pay-as-you-go usage file (PreTaxCost) and localised headers.
// One file is either the actual-cost or the amortized-cost export; the rows say which (unused
// reservations and priced commitment usage exist only in the amortized one, commitment purchases
// and zero-cost covered usage only in the actual one), and a file that holds both is refused:
// the two exports must never be summed.

#include "core/actuals/GpuRecognizer.h"
#include "core/actuals/ParseSupport.h"

#include <QJsonDocument>
#include <QRegularExpression>

namespace gpuplanner::core::actuals::detail {

namespace {

enum class Evidence { None, Actual, Amortized };

// Hours in one UnitOfMeasure block: "1 Hour" 1, "10 Hours" 10, "100 Hours" 100; 0 when not hours.
double hoursPerUnit(QStringView unit)
{
    static const QRegularExpression re(QStringLiteral("^\\s*(\\d+(?:\\.\\d+)?)?\\s*/?\\s*hours?\\s*$"),
                                       QRegularExpression::CaseInsensitiveOption);
    const auto m = re.match(unit.toString());
    if (!m.hasMatch())
        return 0;
    return m.captured(1).isEmpty() ? 1.0 : m.captured(1).toDouble();
}

bool endsWithWord(const QString &text, QStringView suffix)
{
    return text.endsWith(suffix, Qt::CaseInsensitive);
}

QString serviceTypeIn(const QString &additionalInfo)
{
    if (additionalInfo.isEmpty())
        return {};
    const QJsonDocument doc = QJsonDocument::fromJson(additionalInfo.toUtf8());
    const QString type = doc.object().value(u"ServiceType").toString();
    return type.startsWith(u"Standard_", Qt::CaseInsensitive) ? type : QString();
}

} // namespace

ParseResult parseAzure(Source &source, QStringList &notes)
{
    auto loaded = loadCsv(source);
    if (!loaded)
        return loaded.error();
    CsvInput &in = loaded.value();
    const ColumnMap &m = in.columns;

    static constexpr Aliases kDate = {u"Date", u"UsageDateTime", u"UsageDate"};
    static constexpr Aliases kCost = {u"CostInBillingCurrency", u"Cost", u"PreTaxCost"};
    static constexpr Aliases kCurrency = {u"BillingCurrencyCode", u"BillingCurrency", u"Currency"};
    const int date = m.find(kDate);
    const int cost = m.find(kCost);
    const int currency = m.find(kCurrency);
    if (date < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the usage date"), kDate);
    if (cost < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the cost"), kCost);
    if (currency < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the currency"), kCurrency);
    const int chargeType = m.find({u"ChargeType"});
    const int pricingModel = m.find({u"PricingModel"});
    const int meterCategory = m.find({u"MeterCategory"});
    const int meterSubCategory = m.find({u"MeterSubCategory"});
    const int meterName = m.find({u"MeterName"});
    const int quantity = m.find({u"Quantity", u"UsageQuantity"});
    const int unit = m.find({u"UnitOfMeasure"});
    const int account = m.find({u"SubscriptionId", u"SubscriptionGuid"});
    const int resource = m.find({u"ResourceId", u"InstanceId"});
    const int additionalInfo = m.find({u"AdditionalInfo"});
    const int tags = m.find({u"Tags"});
    const int reservationId = m.find({u"ReservationId"});
    const int benefitId = m.find({u"benefitId"});
    const int productOrderName = m.find({u"ProductOrderName"});
    const int period = m.find({u"BillingPeriodStartDate"});
    const int consumedService = m.find({u"ConsumedService"});
    const int location = m.find({u"ResourceLocation", u"ResourceLocationNormalized", u"Location"});
    // Cost details files write MM/dd/yyyy (en-US) whatever the account's locale; a file whose
    // dates show the day first (13/05/2024) is read day first.
    source.dates->setDocumentedOrder(SlashOrder::MonthFirst, QStringLiteral("Azure cost details"));

    LineOut &lines = *source.lines;
    Evidence evidence = Evidence::None;
    int actualLine = 0;
    int amortizedLine = 0;
    CsvFields record;
    while (in.next(record)) {
        const Row row(in, record);
        SpendLine line;
        line.provider = QStringLiteral("azure");
        line.sourceRow = row.line();
        line.currency = currencyCode(row.text(currency));
        if (line.currency.isEmpty()) {
            return row.bad(currency, row.text(currency).isEmpty() ? QStringLiteral("is empty: every line needs its currency")
                                                                  : QStringLiteral("is not an ISO 4217 currency code"));
        }
        auto day = row.day(date);
        if (!day)
            return day.error();
        // Date is a calendar day in UTC, inclusive: the line covers [day, day + 1).
        setDayWindow(line, *day, kUtc);
        auto billingPeriod = row.month(period);
        if (!billingPeriod)
            return billingPeriod.error();
        line.billingPeriod = *billingPeriod;
        auto amount = row.micros(cost);
        if (!amount)
            return amount.error();
        line.amountMicros = *amount;
        auto q = row.number(quantity);
        if (!q)
            return q.error();
        line.quantity = *q;
        line.quantityUnit = row.text(unit);
        line.account = row.text(account);
        line.resourceId = row.text(resource);
        line.region = row.text(location);
        line.service = row.text(meterCategory).isEmpty() ? row.text(consumedService) : row.text(meterCategory);
        const QString meter = row.text(meterName);
        line.sku = meter;
        line.project = projectFromJsonTags(row.text(tags));

        const QString charge = chargeType >= 0 ? row.text(chargeType) : QStringLiteral("Usage");
        line.chargeDetail = charge;
        const QString model = squash(row.text(pricingModel));
        const bool commitmentRef = !row.text(reservationId).isEmpty() || !row.text(benefitId).isEmpty();
        PricingKind pricing = PricingKind::Unknown;
        if (model == u"ondemand")
            pricing = PricingKind::OnDemand;
        else if (model == u"spot")
            pricing = PricingKind::Spot;
        else if (model == u"reservation" || model == u"reservations" || model == u"savingsplan" || model == u"savingsplans")
            pricing = PricingKind::Committed;
        else if (model.isEmpty() && commitmentRef)
            pricing = PricingKind::Committed;
        else if (model.isEmpty() && pricingModel < 0)
            pricing = PricingKind::OnDemand; // the legacy pay-as-you-go file: nothing else exists there
        if (endsWithWord(meter, u" Spot") || endsWithWord(meter, u" Low Priority"))
            pricing = PricingKind::Spot;

        const QString k = squash(charge);
        const bool covered = pricing == PricingKind::Committed;
        Evidence rowEvidence = Evidence::None;
        if (k == u"usage") {
            line.kind = ChargeKind::Usage;
            if (covered)
                rowEvidence = line.amountMicros == 0 ? Evidence::Actual : Evidence::Amortized;
        } else if (k == u"purchase") {
            const bool commitment = covered || commitmentRef;
            line.kind = commitment ? ChargeKind::Commitment : ChargeKind::Other;
            if (commitment) {
                pricing = PricingKind::Committed;
                rowEvidence = Evidence::Actual;
            }
        } else if (k == u"unusedreservation" || k == u"unusedsavingsplan") {
            line.kind = ChargeKind::Commitment;
            pricing = PricingKind::Committed;
            rowEvidence = Evidence::Amortized;
        } else if (k == u"refund") {
            line.kind = ChargeKind::Refund;
        } else if (k == u"credit") {
            line.kind = ChargeKind::Credit;
        } else if (k == u"tax") {
            line.kind = ChargeKind::Tax;
        } else {
            line.kind = ChargeKind::Other; // RoundingAdjustment and types added later
        }
        line.pricing = pricing;
        if (rowEvidence == Evidence::Actual && actualLine == 0)
            actualLine = line.sourceRow;
        if (rowEvidence == Evidence::Amortized && amortizedLine == 0)
            amortizedLine = line.sourceRow;
        if (rowEvidence != Evidence::None)
            evidence = rowEvidence;

        const bool vm = squash(line.service) == u"virtualmachines";
        line.instanceType = serviceTypeIn(row.text(additionalInfo));
        if (line.instanceType.isEmpty())
            line.instanceType = azureVmSizeIn(row.text(productOrderName));
        line.gpu = isGpuInstanceType(line.instanceType)
            || (vm && (isAzureGpuMeter(meter) || isAzureGpuMeter(row.text(meterSubCategory))));
        if (vm && line.kind == ChargeKind::Usage)
            line.usageHours = line.quantity * hoursPerUnit(line.quantityUnit);
        line.basis = kBasisAmortized; // until the whole file has said which export it is
        lines.append(std::move(line));
    }
    if (auto s = in.status(); !s)
        return s;

    if (actualLine > 0 && amortizedLine > 0) {
        return Error{QStringLiteral("%1: mixes actual-cost rows (line %2: commitment purchase or zero-cost covered usage) "
                                    "and amortized-cost rows (line %3: unused commitment or priced covered usage): never "
                                    "sum the actual and amortized exports; import the amortized one")
                         .arg(in.source)
                         .arg(actualLine)
                         .arg(amortizedLine)};
    }
    const QString name = source.name.toLower();
    const bool namedAmortized = name.contains(u"amortiz") || name.contains(u"amortis");
    const bool namedActual = name.contains(u"actual");
    QString basis;
    if (evidence == Evidence::Amortized) {
        basis = kBasisAmortized;
        if (namedActual && !namedAmortized)
            notes.append(QStringLiteral("%1: named actual, but line %2 is amortized-cost data: read as the amortized export")
                             .arg(in.source)
                             .arg(amortizedLine));
    } else if (evidence == Evidence::Actual) {
        basis = kBasisBilled;
        if (namedAmortized)
            notes.append(QStringLiteral("%1: named amortized, but line %2 is actual-cost data: read as the actual export")
                             .arg(in.source)
                             .arg(actualLine));
        notes.append(QStringLiteral("%1: the actual-cost (billed) export: covered usage shows 0 and commitment "
                                    "purchases carry their whole price; the amortized export is the accrual basis")
                         .arg(in.source));
    } else if (namedActual && !namedAmortized) {
        basis = kBasisBilled;
    } else {
        basis = kBasisAmortized;
        if (!namedAmortized)
            notes.append(QStringLiteral("%1: no commitment rows, so the actual and amortized exports agree; read as amortized")
                             .arg(in.source));
    }
    lines.setBasis(basis);
    return success();
}

} // namespace gpuplanner::core::actuals::detail

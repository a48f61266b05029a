#include "net/providers/AwsSavingsPlanParser.h"

#include "net/providers/ProviderCommon.h"
#include "net/providers/StreamText.h"

#include <QSet>

#include <cmath>
#include <initializer_list>

namespace gpuplanner::net {

namespace {

using namespace std::string_view_literals;

const QString kProvider = QStringLiteral("aws");

std::optional<QString> upfrontId(std::string_view purchaseOption)
{
    if (purchaseOption == "No Upfront"sv)
        return QStringLiteral("none");
    if (purchaseOption == "Partial Upfront"sv)
        return QStringLiteral("partial");
    if (purchaseOption == "All Upfront"sv)
        return QStringLiteral("all");
    return std::nullopt;
}

std::optional<QString> offeringClass(std::string_view productFamily)
{
    if (productFamily == "ComputeSavingsPlans"sv)
        return QStringLiteral("compute");
    if (productFamily == "EC2InstanceSavingsPlans"sv)
        return QStringLiteral("instance");
    return std::nullopt;
}

// leaseContractLength {duration 1, unit "year"}, or the product's purchaseTerm "1yr" / "3yr".
std::optional<int> termMonths(double duration, std::string_view unit, std::string_view purchaseTerm)
{
    if (duration > 0 && (unit == "year"sv || unit == "years"sv || unit == "Year"sv))
        return int(std::lround(duration * 12));
    if (purchaseTerm == "1yr"sv)
        return 12;
    if (purchaseTerm == "3yr"sv)
        return 36;
    return std::nullopt;
}

} // namespace

AwsSavingsPlanParser::AwsSavingsPlanParser(AwsSavingsPlanOptions options)
    : m_options(std::move(options)), m_tokenizer(*this)
{
}

QString AwsSavingsPlanParser::instanceTypeFromUsage(const QString &usageType)
{
    // Shared tenancy only: "DedicatedUsage:", "HostUsage:" and "UnusedBox:" price other things.
    const qsizetype at = usageType.indexOf(QLatin1String("BoxUsage:"));
    if (at < 0 || (at > 0 && usageType.at(at - 1) != u'-') || usageType.contains(QLatin1String("Unused")))
        return {};
    return usageType.mid(at + 9);
}

bool AwsSavingsPlanParser::feed(const char *data, std::size_t size)
{
    if (!m_error.isEmpty())
        return false;
    if (!m_tokenizer.feed(data, size)) {
        m_error = QStringLiteral("%1: invalid JSON at %2").arg(m_options.fileLabel, qs(m_tokenizer.error()));
        return false;
    }
    return true;
}

core::Result<core::ImportBatch> AwsSavingsPlanParser::parse(QByteArrayView bytes, const AwsSavingsPlanOptions &options)
{
    AwsSavingsPlanParser parser(options);
    parser.feed(bytes.data(), std::size_t(bytes.size()));
    return parser.finish();
}

bool AwsSavingsPlanParser::isAt(std::initializer_list<std::string_view> path) const
{
    // m_path starts with the root object (opened under no key).
    if (m_path.size() != path.size() + 1)
        return false;
    std::size_t i = 1;
    for (std::string_view part : path) {
        if (m_path[i++] != part)
            return false;
    }
    return true;
}

bool AwsSavingsPlanParser::onJsonEvent(JsonEvent event, std::string_view text)
{
    auto at = [this](std::initializer_list<std::string_view> path) { return isAt(path); };
    switch (event) {
    case JsonEvent::Key:
        m_key.assign(text);
        return true;
    case JsonEvent::StartObject:
    case JsonEvent::StartArray:
        m_path.push_back(!m_isArray.empty() && m_isArray.back() ? std::string("[]") : m_key);
        m_isArray.push_back(event == JsonEvent::StartArray);
        m_key.clear();
        if (at({"products", "[]"})) {
            m_planSku.clear();
            m_plan = Plan();
        } else if (at({"terms", "savingsPlan", "[]"})) {
            ++m_termIndex;
            m_rateIndex = 0;
            m_termSku.clear();
            m_termEffective.clear();
            m_durationUnit.clear();
            m_durationYears = 0;
            m_termRates.clear();
        } else if (at({"terms", "savingsPlan", "[]", "rates", "[]"})) {
            ++m_rateIndex;
            m_rate = Rate();
        }
        return true;
    case JsonEvent::EndObject:
    case JsonEvent::EndArray:
        if (at({"products", "[]"}) && !m_planSku.empty())
            m_plans.insert_or_assign(m_planSku, m_plan);
        else if (at({"terms", "savingsPlan", "[]", "rates", "[]"}))
            finishRate();
        else if (at({"terms", "savingsPlan", "[]"}))
            finishTerm();
        if (!m_path.empty()) {
            m_path.pop_back();
            m_isArray.pop_back();
        }
        return true;
    case JsonEvent::String:
    case JsonEvent::Number:
    case JsonEvent::Bool:
    case JsonEvent::Null:
        if (!m_isArray.empty() && !m_isArray.back())
            onScalar(text);
        return true;
    }
    return true;
}

void AwsSavingsPlanParser::onScalar(std::string_view text)
{
    auto tail = [this](std::initializer_list<std::string_view> path) { return isAt(path); };
    if (m_path.size() == 1) {
        if (m_key == "regionCode"sv)
            m_regionCode.assign(text);
        else if (m_key == "publicationDate"sv)
            m_publicationDate.assign(text);
    } else if (tail({"products", "[]"})) {
        if (m_key == "sku"sv)
            m_planSku.assign(text);
        else if (m_key == "productFamily"sv)
            m_plan.productFamily.assign(text);
    } else if (tail({"products", "[]", "attributes"})) {
        if (m_key == "purchaseOption"sv)
            m_plan.purchaseOption.assign(text);
        else if (m_key == "purchaseTerm"sv)
            m_plan.purchaseTerm.assign(text);
    } else if (tail({"terms", "savingsPlan", "[]"})) {
        if (m_key == "sku"sv)
            m_termSku.assign(text);
        else if (m_key == "effectiveDate"sv)
            m_termEffective.assign(text);
    } else if (tail({"terms", "savingsPlan", "[]", "leaseContractLength"})) {
        if (m_key == "duration"sv)
            m_durationYears = parseDouble(text).value_or(0);
        else if (m_key == "unit"sv)
            m_durationUnit.assign(text);
    } else if (tail({"terms", "savingsPlan", "[]", "rates", "[]"})) {
        if (m_key == "discountedUsageType"sv)
            m_rate.usageType.assign(text);
        else if (m_key == "discountedOperation"sv)
            m_rate.operation.assign(text);
        else if (m_key == "discountedServiceCode"sv)
            m_rate.serviceCode.assign(text);
        else if (m_key == "unit"sv)
            m_rate.unit.assign(text);
    } else if (tail({"terms", "savingsPlan", "[]", "rates", "[]", "discountedRate"})) {
        if (m_key == "price"sv)
            m_rate.price.assign(text);
        else if (m_key == "currency"sv)
            m_rate.currency.assign(text);
    }
}

void AwsSavingsPlanParser::skip(const QString &where, const QString &why)
{
    ++m_ratesSkipped;
    m_batch.exclusions.append(unusableEntry(kProvider, m_options.fileLabel, QStringLiteral("savings-plan rate"),
                                            QStringLiteral("%1: %2").arg(where, why)));
}

void AwsSavingsPlanParser::finishRate()
{
    ++m_ratesSeen;
    // Linux on shared tenancy: the on-demand offers the catalog holds.
    if (m_rate.serviceCode != "AmazonEC2"sv || m_rate.operation != "RunInstances"sv)
        return;
    const QString instanceType = instanceTypeFromUsage(qs(m_rate.usageType));
    if (instanceType.isEmpty() || !m_options.instances.contains(instanceType))
        return;
    const QString where = QStringLiteral("terms.savingsPlan[%1].rates[%2] (%3)")
                              .arg(m_termIndex - 1)
                              .arg(m_rateIndex - 1)
                              .arg(qs(m_rate.usageType));
    if (m_rate.unit != "Hrs"sv)
        return skip(where, QStringLiteral("unit '%1' is not Hrs").arg(qs(m_rate.unit)));
    const std::optional<double> price = parseDouble(m_rate.price);
    if (!price)
        return skip(where, QStringLiteral("discountedRate.price '%1' is not a number").arg(qs(m_rate.price)));
    if (!(*price > 0))
        return skip(where, QStringLiteral("discountedRate.price %1 is not a price").arg(qs(m_rate.price)));
    if (m_rate.currency.empty())
        return skip(where, QStringLiteral("discountedRate.currency: missing"));
    KeptRate kept;
    kept.instanceType = instanceType;
    kept.price = *price;
    kept.currency = qs(m_rate.currency);
    kept.where = where;
    m_termRates.push_back(std::move(kept));
}

void AwsSavingsPlanParser::finishTerm()
{
    // The plan's sku and length may follow its rates in the object: they are joined here.
    for (KeptRate &r : m_termRates) {
        r.planSku = m_termSku;
        r.effectiveDate = qs(m_termEffective).left(10);
        r.durationYears = m_durationYears;
        r.durationUnit = m_durationUnit;
        m_kept.push_back(std::move(r));
    }
    m_termRates.clear();
}

core::Result<core::ImportBatch> AwsSavingsPlanParser::finish()
{
    if (m_error.isEmpty() && !m_tokenizer.finish())
        m_error = QStringLiteral("%1: invalid JSON at %2").arg(m_options.fileLabel, qs(m_tokenizer.error()));
    if (!m_error.isEmpty())
        return core::Error{m_error};
    const QString region = m_regionCode.empty() ? m_options.fallbackRegion : qs(m_regionCode);
    if (region.isEmpty())
        return core::Error{QStringLiteral("%1: regionCode: missing").arg(m_options.fileLabel)};

    QSet<QString> seen;
    int used = 0;
    for (const KeptRate &r : m_kept) {
        const auto plan = m_plans.find(r.planSku);
        if (plan == m_plans.end()) {
            skip(r.where, QStringLiteral("plan sku '%1' is not among the products").arg(qs(r.planSku)));
            continue;
        }
        const auto kind = offeringClass(plan->second.productFamily);
        if (!kind) {
            skip(r.where, QStringLiteral("product family '%1' is not a Compute or EC2 Instance Savings Plan")
                              .arg(qs(plan->second.productFamily)));
            continue;
        }
        const auto upfront = upfrontId(plan->second.purchaseOption);
        if (!upfront) {
            skip(r.where, QStringLiteral("unknown purchase option '%1'").arg(qs(plan->second.purchaseOption)));
            continue;
        }
        const auto months = termMonths(r.durationYears, r.durationUnit, plan->second.purchaseTerm);
        if (!months) {
            skip(r.where, QStringLiteral("unknown term (leaseContractLength %1 %2, purchaseTerm '%3')")
                              .arg(r.durationYears)
                              .arg(qs(r.durationUnit), qs(plan->second.purchaseTerm)));
            continue;
        }
        const QString key = QStringList{r.instanceType, QString::number(*months), *upfront, *kind}.join(u'|');
        if (seen.contains(key))
            continue; // the same plan kind listed twice: the first rate stands
        seen.insert(key);
        core::ImportedOffer offer;
        offer.instance = m_options.instances.value(r.instanceType);
        offer.region = region;
        offer.billing = core::Billing::SavingsPlan;
        offer.termMonths = *months;
        offer.upfront = *upfront;
        offer.offeringClass = *kind;
        offer.price = r.price;
        offer.currency = r.currency;
        // The rate is what an instance-hour costs under the plan; the upfront payment, if any,
        // prepays the commitment and is not known per instance.
        offer.priceBasis = core::PriceBasis::Effective;
        offer.effectiveDate = r.effectiveDate;
        offer.source = QStringLiteral("AWS Savings Plans price list (%1)").arg(m_options.fileLabel);
        m_batch.offers.append(offer);
        ++used;
    }
    m_batch.files.append(core::ImportFileStats{kProvider, m_options.fileLabel, m_ratesSeen, used, m_ratesSkipped});
    return m_batch;
}

} // namespace gpuplanner::net

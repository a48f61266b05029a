#include "net/providers/AzureRetailParser.h"

#include "net/providers/ProviderCommon.h"

#include <QCryptographicHash>
#include <QJsonDocument>
#include <QRegularExpression>

namespace gpuplanner::net {

namespace {

const QString kProvider = QStringLiteral("azure");

int termMonths(const QString &term)
{
    if (term == u"1 Year")
        return 12;
    if (term == u"3 Years")
        return 36;
    if (term == u"5 Years")
        return 60;
    return 0;
}

// Azure's savings plan for compute: an hourly spend commitment, no upfront part; its rates
// are already per hour.
core::ImportedOffer savingsPlanOffer(const core::ImportedOffer &onDemand, int months, double hourly)
{
    core::ImportedOffer plan = onDemand;
    plan.billing = core::Billing::SavingsPlan;
    plan.termMonths = months;
    plan.price = hourly;
    plan.offeringClass = QStringLiteral("compute");
    plan.upfrontFee = 0.0;
    plan.recurringPerHour = hourly;
    return plan;
}

} // namespace

AzureRetailParser::AzureRetailParser(const core::GpuAliasResolver &resolver, const InstanceShapes &shapes)
    : m_resolver(resolver), m_shapes(shapes)
{
}

core::Result<QString> AzureRetailParser::addPage(const QByteArray &bytes, const QString &label)
{
    auto root = parseJsonObject(bytes, label);
    if (!root)
        return root.error();
    JsonFields page(*root, QString());
    const QJsonArray items = page.array(QStringLiteral("Items"));
    const QString next = page.optionalString(QStringLiteral("NextPageLink")).value_or(QString());
    if (!page.ok())
        return core::Error{label + QStringLiteral(": ") + page.error()};
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QString path = QStringLiteral("Items[%1]").arg(i);
        ++m_items;
        // One odd price item (a new unit, a missing field) is left out and named; the refresh goes on.
        if (!items.at(i).isObject()) {
            m_batch.exclusions.append(notAnObject(kProvider, label, QStringLiteral("price item"), path, items.at(i)));
            continue;
        }
        addItem(items.at(i).toObject(), path, label);
    }
    addFileStats(label, int(items.size()));
    return next;
}

void AzureRetailParser::addItem(const QJsonObject &item, const QString &path, const QString &label)
{
    m_itemDigests.insert(QCryptographicHash::hash(QJsonDocument(item).toJson(QJsonDocument::Compact),
                                                  QCryptographicHash::Sha1));
    auto added = readItem(item, path, label);
    if (!added) {
        QString why = added.errorMessage();
        if (why.startsWith(label + QStringLiteral(": ")))
            why = why.mid(label.size() + 2);
        m_batch.exclusions.append(unusableEntry(kProvider, label, QStringLiteral("price item"), why));
    }
}

void AzureRetailParser::exclude(const QString &label, const QString &detail)
{
    m_batch.exclusions.append(unusableEntry(kProvider, label, QStringLiteral("price item"), detail));
}

void AzureRetailParser::addFileStats(const QString &label, int rows)
{
    m_batch.files.append(core::ImportFileStats{kProvider, label, rows, 0, 0});
}

core::Result<bool> AzureRetailParser::readItem(const QJsonObject &item, const QString &path, const QString &label)
{
    JsonFields f(item, path);
    const QString serviceName = f.string(QStringLiteral("serviceName"));
    const QString armSkuName = f.string(QStringLiteral("armSkuName"));
    const QString region = f.string(QStringLiteral("armRegionName"));
    const QString type = f.string(QStringLiteral("type"));
    const QString meterName = f.string(QStringLiteral("meterName"));
    const QString productName = f.string(QStringLiteral("productName"));
    const QString unit = f.string(QStringLiteral("unitOfMeasure"));
    const QString currency = f.string(QStringLiteral("currencyCode"));
    const double retailPrice = f.number(QStringLiteral("retailPrice"));
    const QString skuName = f.optionalString(QStringLiteral("skuName")).value_or(QString());
    if (!f.ok())
        return core::Error{label + QStringLiteral(": ") + f.error()};

    if (serviceName != u"Virtual Machines")
        return false;
    const InstanceShape *shape = m_shapes.find(kProvider, armSkuName);
    if (!shape) {
        // N-series (NC, ND, NG, NV) are Azure's GPU sizes; anything else is a CPU VM.
        static const QRegularExpression gpuSeries(QStringLiteral("^Standard_N[CDGV]"));
        if (gpuSeries.match(armSkuName).hasMatch() && !m_reportedSkus.contains(armSkuName)) {
            m_reportedSkus.insert(armSkuName);
            m_batch.exclusions.append(unmappedAccelerator(kProvider, label, QStringLiteral("Azure GPU size without a known GPU"), armSkuName));
        }
        return false;
    }
    // Older meters say "... Series Windows", newer ones "... Series Win"; both carry a licence.
    static const QRegularExpression windows(QStringLiteral("(^|\\s)Win(dows)?(\\s|$)"));
    if (windows.match(productName).hasMatch() || meterName.contains(u"Low Priority") || skuName.contains(u"Low Priority"))
        return false;
    const bool savingsPlanItem = type == u"SavingsPlanConsumption";
    if (type != u"Consumption" && type != u"Reservation" && !savingsPlanItem)
        return false; // DevTestConsumption: dev/test subscription rates
    if (unit != u"1 Hour")
        return core::Error{QStringLiteral("%1: %2.unitOfMeasure: unexpected '%3' for %4").arg(label, path, unit, armSkuName)};
    if (!(retailPrice >= 0)) {
        // Left out, the offer would read as withdrawn (marked unavailable): it keeps its previous
        // price instead, with the reason.
        core::KeptOffer kept;
        kept.instance = armSkuName;
        kept.region = region;
        if (type == u"Reservation") {
            kept.billing = core::Billing::Reserved;
            kept.termMonths = termMonths(f.string(QStringLiteral("reservationTerm")));
        } else if (savingsPlanItem) {
            kept.billing = core::Billing::SavingsPlan;
            kept.termMonths = termMonths(f.string(QStringLiteral("term")));
            kept.offeringClass = QStringLiteral("compute");
        } else {
            const bool spot = meterName.contains(u" Spot") || skuName.contains(u" Spot");
            kept.billing = spot ? core::Billing::Spot : core::Billing::OnDemand;
        }
        kept.reason = QStringLiteral("negative price");
        m_batch.kept.append(kept);
        return core::Error{QStringLiteral("%1: %2.retailPrice: negative price").arg(label, path)};
    }

    const auto resolved = m_resolver.resolve(shape->accelerator, kProvider, armSkuName);
    if (!resolved) {
        if (!m_reportedSkus.contains(armSkuName)) {
            m_reportedSkus.insert(armSkuName);
            m_batch.exclusions.append(unmappedAccelerator(kProvider, label, shape->accelerator, armSkuName));
        }
        return false;
    }
    core::ImportedOffer offer;
    offer.instance.provider = kProvider;
    offer.instance.name = armSkuName;
    offer.instance.gpuId = resolved->gpuId;
    offer.instance.gpuCount = shape->count * resolved->fraction;
    offer.instance.vcpus = shape->vcpus;
    offer.instance.memoryGib = shape->memoryGib;
    offer.region = region;
    offer.currency = currency;
    offer.source = m_source;

    if (type == u"Reservation") {
        const QString term = f.string(QStringLiteral("reservationTerm"));
        const int months = termMonths(term);
        if (!f.ok())
            return core::Error{label + QStringLiteral(": ") + f.error()};
        if (months == 0)
            return core::Error{QStringLiteral("%1: %2.reservationTerm: unknown term '%3'").arg(label, path, term)};
        // Reservation items price the whole term; Azure bills it monthly or upfront at the same total.
        // Stored as the effective hourly rate of the term total, nothing owed up front.
        offer.billing = core::Billing::Reserved;
        offer.termMonths = months;
        offer.price = retailPrice / (kHoursPerYear * months / 12);
        offer.priceBasis = core::PriceBasis::Effective;
        offer.upfrontFee = 0.0;
        offer.recurringPerHour = offer.price;
        addOffer(offer);
        return true;
    }
    if (savingsPlanItem) {
        // Azure China lists a savings plan as its own item: the hourly rate under its term.
        const QString term = f.string(QStringLiteral("term"));
        const int months = termMonths(term);
        if (!f.ok())
            return core::Error{label + QStringLiteral(": ") + f.error()};
        if (months == 0)
            return core::Error{QStringLiteral("%1: %2.term: unknown term '%3'").arg(label, path, term)};
        addOffer(savingsPlanOffer(offer, months, retailPrice));
        return true;
    }
    const bool spot = meterName.contains(u" Spot") || skuName.contains(u" Spot");
    offer.billing = spot ? core::Billing::Spot : core::Billing::OnDemand;
    offer.price = retailPrice;
    addOffer(offer);
    if (spot)
        return true;
    const QJsonValue plans = item.value(QStringLiteral("savingsPlan"));
    if (plans.isUndefined() || plans.isNull())
        return true;
    if (!plans.isArray())
        return core::Error{QStringLiteral("%1: %2.savingsPlan: expected an array, got %3").arg(label, path, jsonTypeName(plans))};
    const QJsonArray planList = plans.toArray();
    for (qsizetype i = 0; i < planList.size(); ++i) {
        JsonFields plan(planList.at(i).toObject(), QStringLiteral("%1.savingsPlan[%2]").arg(path).arg(i));
        const QString term = plan.string(QStringLiteral("term"));
        const double price = plan.number(QStringLiteral("retailPrice"));
        if (!plan.ok())
            return core::Error{label + QStringLiteral(": ") + plan.error()};
        const int months = termMonths(term);
        if (months == 0)
            return core::Error{QStringLiteral("%1: %2.savingsPlan[%3].term: unknown term '%4'").arg(label, path).arg(i).arg(term)};
        addOffer(savingsPlanOffer(offer, months, price));
    }
    return true;
}

void AzureRetailParser::addOffer(const core::ImportedOffer &offer)
{
    const QString key = QStringList{offer.instance.name, offer.region, core::billingId(offer.billing),
                                    QString::number(offer.termMonths), offer.currency}
                            .join(u'|');
    const auto it = m_offerIndex.constFind(key);
    if (it == m_offerIndex.constEnd()) {
        m_offerIndex.insert(key, m_batch.offers.size());
        m_batch.offers.append(offer);
    } else if (offer.price < m_batch.offers[*it].price) {
        m_batch.offers[*it] = offer; // several meters for one size: keep the cheapest
    }
}

core::ImportBatch AzureRetailParser::finish() const
{
    core::ImportBatch batch = m_batch;
    if (!batch.files.isEmpty()) {
        // Offers are merged across pages, so the used count is reported on the first page.
        batch.files.first().usedRows = int(batch.offers.size());
        batch.files.first().excludedRows = int(batch.exclusions.size());
    }
    return batch;
}

} // namespace gpuplanner::net

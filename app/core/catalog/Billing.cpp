#include "core/catalog/Billing.h"

namespace gpuplanner::core {

QString billingId(Billing billing)
{
    switch (billing) {
    case Billing::OnDemand: return QStringLiteral("on_demand");
    case Billing::Spot: return QStringLiteral("spot");
    case Billing::Reserved: return QStringLiteral("reserved");
    case Billing::SavingsPlan: return QStringLiteral("savings_plan");
    case Billing::CapacityBlock: return QStringLiteral("capacity_block");
    }
    return {};
}

std::optional<Billing> billingFromId(const QString &id)
{
    for (Billing b : kBillings) {
        if (billingId(b) == id)
            return b;
    }
    return std::nullopt;
}

QStringList billingIds()
{
    QStringList ids;
    for (Billing b : kBillings)
        ids.append(billingId(b));
    return ids;
}

QStringList offeringClassIds()
{
    return {QString(), QStringLiteral("standard"), QStringLiteral("convertible"), QStringLiteral("compute"),
            QStringLiteral("instance")};
}

QString priceBasisId(PriceBasis basis)
{
    return basis == PriceBasis::Effective ? QStringLiteral("effective") : QStringLiteral("recurring");
}

std::optional<PriceBasis> priceBasisFromId(QStringView id)
{
    if (id == u"effective")
        return PriceBasis::Effective;
    if (id == u"recurring")
        return PriceBasis::Recurring;
    return std::nullopt;
}

QString rdmaId(RdmaKind kind)
{
    switch (kind) {
    case RdmaKind::None: return QStringLiteral("none");
    case RdmaKind::InfiniBand: return QStringLiteral("infiniband");
    case RdmaKind::Efa: return QStringLiteral("efa");
    case RdmaKind::RoCE: return QStringLiteral("roce");
    }
    return {};
}

std::optional<RdmaKind> rdmaFromId(const QString &id)
{
    for (RdmaKind k : {RdmaKind::None, RdmaKind::InfiniBand, RdmaKind::Efa, RdmaKind::RoCE}) {
        if (rdmaId(k) == id)
            return k;
    }
    return std::nullopt;
}

} // namespace gpuplanner::core

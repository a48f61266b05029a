#include "ui/catalog/BillingNames.h"

namespace gpuplanner::ui {

QString BillingNames::billing(core::Billing billing)
{
    switch (billing) {
    case core::Billing::OnDemand: return tr("On-demand");
    case core::Billing::Spot: return tr("Spot");
    case core::Billing::Reserved: return tr("Reserved");
    case core::Billing::SavingsPlan: return tr("Savings plan");
    case core::Billing::CapacityBlock: return tr("Capacity block");
    }
    return {};
}

QString BillingNames::upfront(const QString &id)
{
    if (id == u"none")
        return tr("no upfront");
    if (id == u"partial")
        return tr("partial upfront");
    if (id == u"all")
        return tr("all upfront");
    return id;
}

} // namespace gpuplanner::ui

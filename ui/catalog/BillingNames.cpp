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

QString BillingNames::offerTerms(const core::Offer &o)
{
    QString text = billing(o.billing);
    if (o.billing == core::Billing::Spot && !o.interruptionBucket.isEmpty())
        return tr("%1 (%2 interrupted)").arg(text, o.interruptionBucket);
    if (o.billing == core::Billing::CapacityBlock && o.minDurationHours && o.maxDurationHours)
        return tr("%1, %2-%3 days").arg(text).arg(*o.minDurationHours / 24.0).arg(*o.maxDurationHours / 24.0);
    if (!core::isCommitment(o.billing))
        return text;
    text += tr(", %1 mo").arg(o.termMonths);
    if (o.offeringClass == u"standard")
        text += tr(", standard");
    else if (o.offeringClass == u"convertible")
        text += tr(", convertible");
    else if (o.offeringClass == u"compute")
        text += tr(", compute");
    else if (o.offeringClass == u"instance")
        text += tr(", instance");
    return text + QStringLiteral(", ") + upfront(o.upfront);
}

} // namespace gpuplanner::ui

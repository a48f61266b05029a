#pragma once
// BillingNames: billing models and upfront options as people read them, in the app's language.
// Files, exports and the CLI keep the ids (core::billingId); tables, charts and legends use these.

#include "core/catalog/Billing.h"
#include "core/catalog/Offer.h"

#include <QCoreApplication>
#include <QString>

namespace gpuplanner::ui {

class BillingNames
{
    Q_DECLARE_TR_FUNCTIONS(BillingNames)

public:
    static QString billing(core::Billing billing);
    // "none", "partial", "all" (the catalog's ids); unknown ids come back as they are.
    static QString upfront(const QString &id);
    // "Reserved, 36 mo, standard, no upfront", "Capacity block, 1-182 days", "Spot (>20%)".
    static QString offerTerms(const core::Offer &offer);
};

} // namespace gpuplanner::ui

#include "core/plan/PriceWatch.h"

#include "core/cost/Money.h"

#include <QCoreApplication>

#include <cmath>

class PriceWatchText
{
    Q_DECLARE_TR_FUNCTIONS(PriceWatchText)
};

namespace gpuplanner::core {

std::optional<WatchAlert> watchAlert(const QString &name, const PlanSince &since, const WatchRule &rule, const QString &currency)
{
    if (since.then.displayCurrency != currency || since.costThen <= 0 || since.costNow <= 0)
        return std::nullopt;
    WatchAlert alert;
    alert.then = since.costThen;
    alert.now = since.costNow;
    const QString then = formatMoney(since.costThen, currency);
    const QString now = formatMoney(since.costNow, currency);
    const QString when = since.then.plannedAt.toString(QStringLiteral("yyyy-MM-dd"));
    // A target reached since the plan was saved is the news the user asked for, whatever the threshold.
    if (rule.target && since.costNow <= *rule.target + 0.005 && since.costThen > *rule.target + 0.005) {
        alert.kind = WatchAlert::Kind::Target;
        alert.text = PriceWatchText::tr("“%1” reached your target of %2: it costs %3 now, %4 when saved on %5.")
                         .arg(name, formatMoney(*rule.target, currency), now, then, when);
        return alert;
    }
    const double change = (since.costNow - since.costThen) / since.costThen;
    if (std::abs(change) + 1e-12 < rule.threshold || std::abs(change) < 1e-9)
        return std::nullopt;
    const QString percent = QString::number(std::abs(change) * 100.0, 'f', 1);
    if (change < 0) {
        alert.kind = WatchAlert::Kind::Cheaper;
        alert.text = PriceWatchText::tr("“%1” is %2% cheaper: %3 now, %4 when saved on %5.").arg(name, percent, now, then, when);
    } else {
        alert.kind = WatchAlert::Kind::Dearer;
        alert.text = PriceWatchText::tr("“%1” is %2% dearer: %3 now, %4 when saved on %5.").arg(name, percent, now, then, when);
    }
    if (since.recommendationChanged)
        alert.text += u' ' + PriceWatchText::tr("The recommendation changed too.");
    return alert;
}

} // namespace gpuplanner::core

#include "core/estimate/CampaignTerms.h"

namespace gpuplanner::core {

StackMaturity stackOf(const CampaignTerms &t)
{
    if (t.stack == StackMaturity::Measured && t.measuredMfu <= 0)
        return kDefaultStack;
    return t.stack == StackMaturity::Default ? kDefaultStack : t.stack;
}

FailureHandling failureHandlingOf(const CampaignTerms &t)
{
    return t.failureHandling == FailureHandling::Default ? kDefaultFailureHandling : t.failureHandling;
}

FirstRun firstRunOf(const CampaignTerms &t)
{
    return t.firstRun == FirstRun::Default ? kDefaultFirstRun : t.firstRun;
}

double spareCapacityPercentOf(const CampaignTerms &t)
{
    return t.spareCapacityPercent < 0 ? kDefaultSpareCapacityPercent : t.spareCapacityPercent;
}

bool parseStack(QStringView text, StackMaturity &stack, double &measuredMfu)
{
    const QString t = text.trimmed().toString().toLower();
    if (t == u"tuned" || t == u"generic") {
        stack = t == u"tuned" ? StackMaturity::Tuned : StackMaturity::Generic;
        measuredMfu = 0;
        return true;
    }
    if (!t.startsWith(u"mfu="))
        return false;
    QString value = t.mid(4).trimmed();
    double scale = 1.0;
    if (value.endsWith(u'%')) {
        value.chop(1);
        scale = 0.01;
    }
    bool ok = false;
    const double v = value.toDouble(&ok) * scale;
    if (!ok || !(v > 0) || v > 1)
        return false;
    stack = StackMaturity::Measured;
    measuredMfu = v;
    return true;
}

QString stackText(const CampaignTerms &t)
{
    switch (t.stack) {
    case StackMaturity::Default:
        return {};
    case StackMaturity::Measured:
        return QStringLiteral("mfu=%1").arg(t.measuredMfu, 0, 'g', 4);
    case StackMaturity::Tuned:
    case StackMaturity::Generic:
        break;
    }
    return stackId(t.stack);
}

QString stackId(StackMaturity s)
{
    switch (s) {
    case StackMaturity::Tuned:
        return QStringLiteral("tuned");
    case StackMaturity::Measured:
        return QStringLiteral("measured");
    case StackMaturity::Generic:
    case StackMaturity::Default:
        break;
    }
    return QStringLiteral("generic");
}

QString failureHandlingId(FailureHandling f)
{
    return f == FailureHandling::Automatic ? QStringLiteral("automatic") : QStringLiteral("manual");
}

QString firstRunId(FirstRun f)
{
    return f == FirstRun::No ? QStringLiteral("no") : QStringLiteral("yes");
}

} // namespace gpuplanner::core

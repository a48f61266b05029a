#include "ui/settings/WatchList.h"

#include <QFileInfo>
#include <QSettings>

namespace gpuplanner::ui {

namespace {

const QString kGroup = QStringLiteral("priceWatch/plans");

QString canonical(const QString &path)
{
    const QFileInfo info(path);
    return info.exists() ? info.canonicalFilePath() : info.absoluteFilePath();
}

} // namespace

QList<WatchedPlan> readWatchList(const QSettings &settings)
{
    QList<WatchedPlan> out;
    const QVariantList entries = settings.value(kGroup).toList();
    for (const QVariant &v : entries) {
        const QVariantMap m = v.toMap();
        WatchedPlan w;
        w.path = m.value(QStringLiteral("path")).toString();
        if (w.path.isEmpty())
            continue;
        bool ok = false;
        const double threshold = m.value(QStringLiteral("threshold")).toDouble(&ok);
        w.rule.threshold = ok && threshold >= 0 && threshold < 1 ? threshold : 0.05;
        const double target = m.value(QStringLiteral("target")).toDouble(&ok);
        if (ok && target > 0)
            w.rule.target = target;
        out.append(w);
    }
    return out;
}

void writeWatchList(QSettings &settings, const QList<WatchedPlan> &plans)
{
    QVariantList entries;
    for (const WatchedPlan &w : plans) {
        QVariantMap m{{QStringLiteral("path"), w.path}, {QStringLiteral("threshold"), w.rule.threshold}};
        if (w.rule.target)
            m.insert(QStringLiteral("target"), *w.rule.target);
        entries.append(m);
    }
    settings.setValue(kGroup, entries);
}

std::optional<WatchedPlan> watchedPlan(const QSettings &settings, const QString &path)
{
    const QString key = canonical(path);
    for (const WatchedPlan &w : readWatchList(settings)) {
        if (canonical(w.path) == key)
            return w;
    }
    return std::nullopt;
}

void setWatched(QSettings &settings, const QString &path, const std::optional<core::WatchRule> &rule)
{
    const QString key = canonical(path);
    QList<WatchedPlan> plans = readWatchList(settings);
    plans.erase(std::remove_if(plans.begin(), plans.end(), [&](const WatchedPlan &w) { return canonical(w.path) == key; }),
                plans.end());
    if (rule)
        plans.append({key, *rule});
    writeWatchList(settings, plans);
}

} // namespace gpuplanner::ui

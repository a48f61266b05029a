#pragma once
// WatchList: the saved plans the user watches (File > Watch this plan's price), kept in the
// settings: the file, the change that is news, and an optional target price.

#include "core/plan/PriceWatch.h"

#include <QList>
#include <QString>

class QSettings;

namespace gpuplanner::ui {

struct WatchedPlan
{
    QString path;
    core::WatchRule rule;
};

QList<WatchedPlan> readWatchList(const QSettings &settings);
void writeWatchList(QSettings &settings, const QList<WatchedPlan> &plans);
// The entry for a file, or nothing when it is not watched.
std::optional<WatchedPlan> watchedPlan(const QSettings &settings, const QString &path);
// Adds or replaces the file's entry; removes it with `rule` empty.
void setWatched(QSettings &settings, const QString &path, const std::optional<core::WatchRule> &rule);

} // namespace gpuplanner::ui

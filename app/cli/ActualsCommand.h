#pragma once
// `actuals import FILE [--format F] [--project NAME] [--scenario S] | list | remove ID`: billing
// exports of what rentals really cost, for `timeline` to hold against the plan.

#include "CatalogSession.h"

#include <QStringList>
#include <QTextStream>

namespace gpuplanner::cli {

int runActuals(const QStringList &arguments, CatalogSession &session, QTextStream &out, QTextStream &err);

} // namespace gpuplanner::cli

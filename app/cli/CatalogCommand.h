#pragma once
// `catalog info | history | export`.

#include "CatalogSession.h"

#include <QStringList>
#include <QTextStream>

namespace gpuplanner::cli {

int runCatalog(const QStringList &arguments, CatalogSession &session, QTextStream &out, QTextStream &err);

} // namespace gpuplanner::cli

#pragma once
// CatalogRecovery: what the app offers when its catalog file cannot be read (damaged, foreign,
// from a newer version): restore the built-in catalog in its place (the old file is moved aside,
// never deleted) or choose another catalog file; or close and leave everything as it is.

#include "core/common/Result.h"

#include <QString>

#include <functional>

class QWidget;

namespace gpuplanner::ui {

struct CatalogRecovery
{
    QString path; // the catalog file that could not be read
    // Moves path aside and puts the built-in catalog there; returns where the old file went.
    std::function<core::Result<QString>()> restoreBuiltIn;
};

enum class RecoveryChoice { Restored, OpenOther, Closed };

struct RecoveryResult
{
    RecoveryChoice choice = RecoveryChoice::Closed;
    QString otherPath; // OpenOther: the file chosen
};

// Asks, does what was chosen and says what happened; error is why the file could not be read.
RecoveryResult offerCatalogRecovery(QWidget *parent, const QString &error, const CatalogRecovery &recovery);

} // namespace gpuplanner::ui

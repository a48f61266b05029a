#pragma once
// ReportActions: the report menu entries for the main window ("Export report…", "Print
// preview…", "Print…", "Benchmark report…" over probe result files, comparison and timeline
// CSV/JSON exports), each asking the window for the current plan only when triggered.

#include "ui/report/ReportTypes.h"

#include <QList>

#include <functional>
#include <optional>

class QAction;
class QSettings;
class QWidget;

namespace gpuplanner::ui {

// The current plan, or nullopt when there is none yet (the action then says so).
using ReportInputProvider = std::function<std::optional<ReportInput>()>;

// The actions, parented to `parent` (also the parent of their dialogs), in menu order. A report
// asks for its language, paper, options listed and author first, and offers to open the file it
// saved; settings (may be null) remember the author.
QList<QAction *> createReportActions(QWidget *parent, ReportInputProvider provider, QSettings *settings = nullptr);

// Report defaults: author (settings' "report/author", else the login name), the interface's
// language and the system's paper (Letter in the US and Canada, else A4).
ReportOptions defaultReportOptions(const QSettings *settings = nullptr);

} // namespace gpuplanner::ui

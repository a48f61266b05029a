#pragma once
// ReportActions: the report menu entries for the main window ("Export report…", "Print
// preview…", "Print…", comparison and timeline CSV/JSON exports), each asking the window for
// the current plan only when triggered.

#include "ui/report/ReportTypes.h"

#include <QList>

#include <functional>
#include <optional>

class QAction;
class QWidget;

namespace gpuplanner::ui {

// The current plan, or nullopt when there is none yet (the action then says so).
using ReportInputProvider = std::function<std::optional<ReportInput>()>;

// The actions, parented to `parent` (also the parent of their dialogs), in menu order.
QList<QAction *> createReportActions(QWidget *parent, ReportInputProvider provider);

// Report defaults from the settings: author ("report/author", else the login name), language
// (the display language setting, else the system's) and paper (Letter in the US and Canada, else A4).
ReportOptions defaultReportOptions();

} // namespace gpuplanner::ui

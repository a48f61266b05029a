#pragma once
// DroppedFiles: the local files a drag carries, for the dialogs that import files dropped on
// them (calibrations, billing exports).

#include <QStringList>

class QMimeData;

namespace gpuplanner::ui {

// Local file paths among mime's URLs whose suffix (lower case, no dot) is one of suffixes;
// all local files when suffixes is empty.
QStringList droppedFiles(const QMimeData *mime, const QStringList &suffixes);

} // namespace gpuplanner::ui

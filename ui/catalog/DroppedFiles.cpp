#include "ui/catalog/DroppedFiles.h"

#include <QFileInfo>
#include <QMimeData>
#include <QUrl>

namespace gpuplanner::ui {

QStringList droppedFiles(const QMimeData *mime, const QStringList &suffixes)
{
    QStringList files;
    if (!mime || !mime->hasUrls())
        return files;
    for (const QUrl &url : mime->urls()) {
        if (!url.isLocalFile())
            continue;
        const QString path = url.toLocalFile();
        if (suffixes.isEmpty() || suffixes.contains(QFileInfo(path).suffix().toLower()))
            files.append(path);
    }
    return files;
}

} // namespace gpuplanner::ui

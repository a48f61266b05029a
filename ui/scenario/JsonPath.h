#pragma once
// JsonPath: reads and writes values in a scenario's JSON by dotted path ("workload.tokens"),
// so every form field is bound to exactly the key the scenario loader reads and names in its errors.

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace gpuplanner::ui {

// Undefined when a key on the way is missing.
QJsonValue jsonValueAt(const QJsonObject &root, const QString &path);
// root with path set to value; an undefined value removes the key (and objects left empty).
QJsonObject jsonWithValueAt(QJsonObject root, const QString &path, const QJsonValue &value);

// The JSON path a core error message starts with ("workload.tokens: \"2X\" is not ..."), or empty.
QString errorPathOf(const QString &message);
// The message without its leading path.
QString errorReasonOf(const QString &message);
// True when an error at errorPath belongs to the field bound to fieldPath.
bool errorConcerns(const QString &errorPath, const QString &fieldPath);

} // namespace gpuplanner::ui

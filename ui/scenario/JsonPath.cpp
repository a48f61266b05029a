#include "ui/scenario/JsonPath.h"

#include <QRegularExpression>

namespace gpuplanner::ui {

QJsonValue jsonValueAt(const QJsonObject &root, const QString &path)
{
    const QStringList keys = path.split(u'.');
    QJsonValue v = root;
    for (const QString &k : keys) {
        if (!v.isObject())
            return QJsonValue(QJsonValue::Undefined);
        v = v.toObject().value(k);
    }
    return v;
}

QJsonObject jsonWithValueAt(QJsonObject root, const QString &path, const QJsonValue &value)
{
    const qsizetype dot = path.indexOf(u'.');
    if (dot < 0) {
        if (value.isUndefined())
            root.remove(path);
        else
            root.insert(path, value);
        return root;
    }
    const QString head = path.left(dot);
    QJsonObject child = jsonWithValueAt(root.value(head).toObject(), path.mid(dot + 1), value);
    // An empty section would still be written to the file; drop it so New + Save stays minimal.
    if (child.isEmpty())
        root.remove(head);
    else
        root.insert(head, child);
    return root;
}

QString errorPathOf(const QString &message)
{
    static const QRegularExpression re(QStringLiteral("^([A-Za-z_][A-Za-z0-9_.\\[\\]]*): "));
    const QRegularExpressionMatch m = re.match(message);
    return m.hasMatch() ? m.captured(1) : QString();
}

QString errorReasonOf(const QString &message)
{
    const QString path = errorPathOf(message);
    return path.isEmpty() ? message : message.mid(path.size() + 2);
}

bool errorConcerns(const QString &errorPath, const QString &fieldPath)
{
    if (errorPath.isEmpty() || fieldPath.isEmpty())
        return false;
    return errorPath == fieldPath || errorPath.startsWith(fieldPath + u'.') || errorPath.startsWith(fieldPath + u'[');
}

} // namespace gpuplanner::ui

#include "core/actuals/ColumnMap.h"

namespace gpuplanner::core::actuals {

namespace {

// "Name der Verbrauchseinheit (MeterName)" -> "MeterName"; "Cost ($)" and
// "Total Amount After Discount (Excluding Tax)" keep their whole text (no identifier inside).
QStringView englishName(QStringView name)
{
    const QStringView t = name.trimmed();
    if (!t.endsWith(u')'))
        return t;
    const qsizetype open = t.lastIndexOf(u'(');
    if (open <= 0)
        return t;
    const QStringView inner = t.mid(open + 1, t.size() - open - 2).trimmed();
    if (inner.isEmpty() || !(inner.at(0).unicode() < 128 && inner.at(0).isLetter()))
        return t;
    for (const QChar c : inner) {
        if (!(c.unicode() < 128 && c.isLetterOrNumber()))
            return t;
    }
    return inner;
}

} // namespace

ColumnMap::ColumnMap(const QStringList &header) : m_header(header)
{
    for (int i = 0; i < int(header.size()); ++i) {
        const QString k = key(header.at(i));
        if (!k.isEmpty() && !m_index.contains(k))
            m_index.insert(k, i);
    }
}

QString ColumnMap::key(QStringView name)
{
    if (name.startsWith(QChar(0xFEFF)))
        name = name.mid(1);
    QString k;
    k.reserve(name.size());
    for (const QChar c : englishName(name)) {
        if (c.isLetterOrNumber())
            k.append(c.toLower());
    }
    return k;
}

int ColumnMap::find(Aliases aliases) const
{
    for (const QStringView alias : aliases) {
        const auto it = m_index.constFind(key(alias));
        if (it != m_index.constEnd())
            return *it;
    }
    return -1;
}

QString ColumnMap::headerName(int index) const
{
    if (index < 0 || index >= int(m_header.size()))
        return {};
    QString name = m_header.at(index).trimmed();
    if (name.startsWith(QChar(0xFEFF)))
        name.remove(0, 1);
    return name;
}

Error ColumnMap::missing(const QString &source, const QString &role, Aliases aliases)
{
    return Error{QStringLiteral("%1: no column for %2: expected one of %3").arg(source, role, aliasText(aliases))};
}

QString aliasText(Aliases aliases)
{
    QStringList names;
    for (const QStringView alias : aliases)
        names.append(alias.toString());
    return names.join(QStringLiteral(", "));
}

} // namespace gpuplanner::core::actuals

#pragma once
// ColumnMap: finds billing-export columns by name, never by position. Names compare without
// case, spaces or punctuation, so "lineItem/UsageType", "line_item_usage_type" and
// "LineItem Usage Type" are one column; a UTF-8 BOM is dropped and a localised Azure header such
// as "Abonnement-GUID (SubscriptionGuid)" answers to its English name in parentheses.

#include "core/common/Result.h"

#include <QHash>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <initializer_list>

namespace gpuplanner::core::actuals {

using Aliases = std::initializer_list<QStringView>;

class ColumnMap
{
public:
    ColumnMap() = default;
    explicit ColumnMap(const QStringList &header);

    // The key a header name or an alias is compared by.
    static QString key(QStringView name);

    // Index of the first alias present, or -1.
    int find(Aliases aliases) const;
    bool has(Aliases aliases) const { return find(aliases) >= 0; }
    // The name as the file's header writes it (for messages).
    QString headerName(int index) const;
    int size() const { return int(m_header.size()); }

    // "<source>: no column for <role>: expected one of A, B, C"
    static Error missing(const QString &source, const QString &role, Aliases aliases);

private:
    QStringList m_header;
    QHash<QString, int> m_index;
};

// Alias list as text, for messages: "A, B, C".
QString aliasText(Aliases aliases);

} // namespace gpuplanner::core::actuals

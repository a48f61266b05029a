#pragma once
// JsonSplice: sets one top-level member of a JSON object in the file's own text, leaving every
// other byte as the person wrote it (key order, indentation, spacing, number spelling). Used where
// the app writes into a user's file (a recorded plan's "priced_on").

#include <QByteArray>
#include <QJsonValue>

#include <optional>

namespace gpuplanner::core {

// `json` with its root object's member `key` set to `value`: the old value's text replaced where
// the key is there, else the member added after the last one, indented like its neighbours.
// Nothing when `json` is not a JSON object's text (the caller then refuses, or rewrites).
std::optional<QByteArray> setTopLevelMember(const QByteArray &json, const QString &key, const QJsonValue &value);

} // namespace gpuplanner::core

#include "core/io/JsonSplice.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gpuplanner::core {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

qsizetype skipSpace(const QByteArray &s, qsizetype i)
{
    while (i < s.size() && isSpace(s.at(i)))
        ++i;
    return i;
}

// The index just past the string starting at s[i] == '"'; -1 when it never ends.
qsizetype skipString(const QByteArray &s, qsizetype i)
{
    for (++i; i < s.size(); ++i) {
        if (s.at(i) == '\\')
            ++i;
        else if (s.at(i) == '"')
            return i + 1;
    }
    return -1;
}

// The index just past the JSON value starting at s[i]; -1 when it is cut short.
qsizetype skipValue(const QByteArray &s, qsizetype i)
{
    if (i >= s.size())
        return -1;
    if (s.at(i) == '"')
        return skipString(s, i);
    if (s.at(i) == '{' || s.at(i) == '[') {
        int depth = 0;
        for (; i < s.size(); ++i) {
            const char c = s.at(i);
            if (c == '"') {
                i = skipString(s, i);
                if (i < 0)
                    return -1;
                --i;
            } else if (c == '{' || c == '[') {
                ++depth;
            } else if (c == '}' || c == ']') {
                if (--depth == 0)
                    return i + 1;
            }
        }
        return -1;
    }
    // A number, true, false or null: up to the next delimiter.
    while (i < s.size() && !isSpace(s.at(i)) && s.at(i) != ',' && s.at(i) != '}' && s.at(i) != ']')
        ++i;
    return i;
}

// The whitespace that starts the line holding s[i].
QByteArray indentOfLine(const QByteArray &s, qsizetype i)
{
    qsizetype start = s.lastIndexOf('\n', i);
    start = start < 0 ? 0 : start + 1;
    qsizetype end = start;
    while (end < s.size() && (s.at(end) == ' ' || s.at(end) == '\t'))
        ++end;
    return s.mid(start, end - start);
}

// value as JSON text for a member indented by `indent`: on one line when the file is on one line.
QByteArray valueText(const QJsonValue &value, const QByteArray &indent, bool multiline)
{
    QByteArray text;
    if (value.isObject() || value.isArray()) {
        const QJsonDocument doc = value.isObject() ? QJsonDocument(value.toObject()) : QJsonDocument(value.toArray());
        text = doc.toJson(multiline ? QJsonDocument::Indented : QJsonDocument::Compact).trimmed();
    } else {
        // A scalar: the array form's only element.
        text = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
        text = text.mid(1, text.size() - 2);
    }
    if (!multiline)
        return text;
    // Qt indents by four spaces a level: each level becomes the file's own unit (its members'
    // indentation), and every line after the first starts at the member's indentation.
    const QByteArray unit = indent.isEmpty() ? QByteArray("    ") : indent;
    QByteArrayList lines = text.split('\n');
    for (qsizetype i = 1; i < lines.size(); ++i) {
        QByteArray &line = lines[i];
        qsizetype spaces = 0;
        while (spaces < line.size() && line.at(spaces) == ' ')
            ++spaces;
        line = indent + unit.repeated(spaces / 4) + line.mid(spaces);
    }
    return lines.join('\n');
}

QByteArray quotedKey(const QString &key)
{
    QByteArray text = QJsonDocument(QJsonArray{key}).toJson(QJsonDocument::Compact);
    return text.mid(1, text.size() - 2);
}

} // namespace

std::optional<QByteArray> setTopLevelMember(const QByteArray &json, const QString &key, const QJsonValue &value)
{
    QJsonParseError error;
    if (!QJsonDocument::fromJson(json, &error).isObject())
        return std::nullopt;
    const bool multiline = json.contains('\n');
    qsizetype i = skipSpace(json, 0);
    if (i >= json.size() || json.at(i) != '{')
        return std::nullopt;
    ++i;
    qsizetype lastValueEnd = -1;
    QByteArray memberIndent;
    for (;;) {
        i = skipSpace(json, i);
        if (i >= json.size())
            return std::nullopt;
        if (json.at(i) == '}')
            break;
        if (json.at(i) == ',') {
            ++i;
            continue;
        }
        if (json.at(i) != '"')
            return std::nullopt;
        const qsizetype keyStart = i;
        const qsizetype keyEnd = skipString(json, i);
        if (keyEnd < 0)
            return std::nullopt;
        if (memberIndent.isNull())
            memberIndent = indentOfLine(json, keyStart);
        const QString name = QJsonDocument::fromJson("[" + json.mid(keyStart, keyEnd - keyStart) + "]").array().at(0).toString();
        i = skipSpace(json, keyEnd);
        if (i >= json.size() || json.at(i) != ':')
            return std::nullopt;
        const qsizetype valueStart = skipSpace(json, i + 1);
        const qsizetype valueEnd = skipValue(json, valueStart);
        if (valueEnd < 0)
            return std::nullopt;
        if (name == key) {
            const QByteArray indent = indentOfLine(json, keyStart);
            return json.left(valueStart) + valueText(value, indent, multiline) + json.mid(valueEnd);
        }
        lastValueEnd = valueEnd;
        i = valueEnd;
    }
    // Not there: after the last member, or as the only one.
    const QByteArray indent = memberIndent.isNull() ? QByteArray(multiline ? "    " : "") : memberIndent;
    const QByteArray member = quotedKey(key) + (multiline ? ": " : ":") + valueText(value, indent, multiline);
    if (lastValueEnd < 0) {
        const qsizetype close = i;
        return json.left(close) + (multiline ? "\n" + indent : QByteArray()) + member + (multiline ? "\n" : "")
            + json.mid(close);
    }
    return json.left(lastValueEnd) + (multiline ? ",\n" + indent : QByteArray(",")) + member + json.mid(lastValueEnd);
}

} // namespace gpuplanner::core

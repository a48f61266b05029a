#pragma once
// StandardKeys: the platform's key for a standard action, or the usual one where the platform
// binds none (the offscreen and plain X11 themes have no Save As or Print key), so every menu
// action that has a well-known shortcut has it everywhere.

#include <QKeySequence>

namespace gpuplanner::ui {

inline QKeySequence standardKey(QKeySequence::StandardKey key, const QKeySequence &fallback)
{
    const QKeySequence platform(key);
    return platform.isEmpty() ? fallback : platform;
}

} // namespace gpuplanner::ui

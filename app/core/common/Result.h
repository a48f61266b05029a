#pragma once
// Result<T>: a value or an Error naming what went wrong, for calls that can fail
// without throwing (the layers below ui/ never show a dialog or print).

#include <QString>

#include <utility>
#include <variant>

namespace gpuplanner::core {

struct Error
{
    QString message;
};

template<typename T>
class [[nodiscard]] Result
{
public:
    Result(T value) : m_data(std::move(value)) {}
    Result(Error error) : m_data(std::move(error)) {}

    bool ok() const { return std::holds_alternative<T>(m_data); }
    explicit operator bool() const { return ok(); }

    const T &value() const & { return std::get<T>(m_data); }
    T &value() & { return std::get<T>(m_data); }
    T &&value() && { return std::get<T>(std::move(m_data)); }
    const T &operator*() const & { return value(); }
    const T *operator->() const { return &value(); }

    const Error &error() const { return std::get<Error>(m_data); }
    QString errorMessage() const { return ok() ? QString() : error().message; }

private:
    std::variant<T, Error> m_data;
};

// For calls that return nothing on success.
struct Ok
{
};
using Status = Result<Ok>;

inline Status success()
{
    return Ok{};
}

} // namespace gpuplanner::core

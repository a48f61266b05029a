#pragma once
// WorkerQueue: hands items to one worker thread that consumes them in order, holding at most
// `capacity` items waiting (push blocks while full), so a producer and a consumer share the
// machine's cores without the queue growing with the input: a file hashed while it is parsed,
// lines stored while the next ones are read.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace gpuplanner::core {

template<typename T>
class WorkerQueue
{
public:
    WorkerQueue(std::size_t capacity, std::function<void(T &)> consume)
        : m_capacity(capacity), m_consume(std::move(consume)), m_thread([this] { run(); })
    {
    }
    ~WorkerQueue()
    {
        {
            std::lock_guard lock(m_mutex);
            m_closed = true;
        }
        m_changed.notify_all();
        m_thread.join();
    }
    WorkerQueue(const WorkerQueue &) = delete;
    WorkerQueue &operator=(const WorkerQueue &) = delete;

    void push(T item)
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [this] { return m_items.size() < m_capacity; });
        m_items.push_back(std::move(item));
        m_changed.notify_all();
    }

    // Returns once every item pushed so far has been consumed.
    void drain()
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [this] { return m_items.empty() && !m_busy; });
    }

private:
    void run()
    {
        std::unique_lock lock(m_mutex);
        for (;;) {
            m_changed.wait(lock, [this] { return !m_items.empty() || m_closed; });
            if (m_items.empty())
                return; // closed and done
            T item = std::move(m_items.front());
            m_items.pop_front();
            m_busy = true;
            m_changed.notify_all();
            lock.unlock();
            m_consume(item);
            lock.lock();
            m_busy = false;
            m_changed.notify_all();
        }
    }

    const std::size_t m_capacity;
    std::function<void(T &)> m_consume;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<T> m_items;
    bool m_busy = false;
    bool m_closed = false;
    std::thread m_thread; // last: started once the rest is ready
};

} // namespace gpuplanner::core

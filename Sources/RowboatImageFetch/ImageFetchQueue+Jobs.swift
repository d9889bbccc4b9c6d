import RowboatImages
import RowboatSpec
import RowboatCells

/// Scheduling and the job's round trips to the actor. A job's callbacks
/// carry its id: a job cancelled by `cancelAll` (or replaced) is ignored.
extension ImageFetchQueue {
    /// Settles wanted keys found in memory or failed before, gives keys to
    /// jobs already running for their URL and starts jobs for the most
    /// important URLs while fewer than `limit` run.
    func pump() {
        var queued: [String: [ImageRequest]] = [:]
        var order: [String] = []
        for key in wanted where !settled.contains(key) {
            if jobs[key.url]?.active.contains(key) == true { continue }
            if let thumbnail = memory.value(for: key), worker.maker.renderer.draws(thumbnail) {
                settle(key, .loaded(key, thumbnail))
            } else if let reason = failures[key] {
                settle(key, .failed(key, reason: reason))
            } else if jobs[key.url] != nil {
                jobs[key.url]?.waiting.append(key)
                jobs[key.url]?.active.insert(key)
                post(.downloading(key))
            } else {
                if queued[key.url] == nil { order.append(key.url) }
                queued[key.url, default: []].append(key)
            }
        }
        for url in order where jobs.count < limit {
            start(url, keys: queued[url] ?? [])
        }
    }

    /// Posts a final event for a wanted key and remembers it was posted.
    private func settle(_ key: ImageRequest, _ event: ImageEvent) {
        settled.insert(key)
        post(event)
    }

    /// Starts the job for `url` with its first keys, in priority order.
    private func start(_ url: String, keys: [ImageRequest]) {
        let id = nextJobID
        nextJobID += 1
        let worker = worker
        let fresh = retried.remove(url) != nil
        let task = Task.detached { [self] in
            await Self.run(url: url, job: id, fresh: fresh, worker: worker, queue: self)
        }
        jobs[url] = Job(id: id, task: task, waiting: keys, active: Set(keys))
        for key in keys { post(.downloading(key)) }
    }

    /// The job's body, off the actor: fetch once, then render the keys the
    /// actor hands out one by one until none is left.
    private nonisolated static func run(url: String, job: Int, fresh: Bool, worker: ImageFetchWorker,
                                        queue: ImageFetchQueue) async {
        let fetched: ImageFetchWorker.Fetched
        switch await worker.fetch(url, fresh: fresh) {
        case .failure(let failure):
            await queue.fetchFailed(url: url, job: job, reason: failure.reason)
            return
        case .success(let bytes):
            fetched = bytes
        }
        var kept = false
        while !Task.isCancelled, let key = await queue.nextKey(url: url, job: job) {
            let result = await worker.render(fetched.bytes, for: key)
            if case .success = result, !kept {
                worker.keep(fetched, url: url)
                kept = true
            }
            await queue.finished(key, url: url, job: job, result: result)
        }
    }

    /// The next key to render (a wanted one first), or nil: then the job
    /// has ended and its slot goes to the next URL.
    private func nextKey(url: String, job id: Int) -> ImageRequest? {
        guard var job = jobs[url], job.id == id else { return nil }
        guard !job.waiting.isEmpty else {
            jobs[url] = nil
            pump()
            return nil
        }
        let index = job.waiting.firstIndex { wantedSet.contains($0) } ?? 0
        let key = job.waiting.remove(at: index)
        jobs[url] = job
        return key
    }

    /// One key rendered (or not): cache it, remember a failure, post it.
    private func finished(_ key: ImageRequest, url: String, job id: Int, result: Result<Thumbnail, ImageFetchFailure>) {
        guard jobs[url]?.id == id else { return }
        jobs[url]?.active.remove(key)
        let event: ImageEvent
        switch result {
        case .success(let thumbnail):
            memory.insert(thumbnail, for: key, cost: thumbnail.byteCost)
            failures[key] = nil
            event = .loaded(key, thumbnail)
        case .failure(let failure):
            failures[key] = failure.reason
            event = .failed(key, reason: failure.reason)
        }
        if wantedSet.contains(key) { settled.insert(key) }
        post(event)
    }

    /// The download failed: every key of the job fails with `reason`.
    private func fetchFailed(url: String, job id: Int, reason: String) {
        guard let job = jobs[url], job.id == id else { return }
        jobs[url] = nil
        for key in job.waiting {
            failures[key] = reason
            if wantedSet.contains(key) { settled.insert(key) }
            post(.failed(key, reason: reason))
        }
        pump()
    }
}

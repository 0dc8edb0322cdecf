// The names of React's own properties that the page script may shorten (scripts/bundles.js, esbuild's mangleProps):
// fields of React's fibers, roots, update queues and hooks, which every page carries hundreds of times over, and what
// React's packages export to each other. Only names that no string of the page script spells (as itself, or in a
// list of names), that none of podium's sources or texts use, and that are no browser's or JavaScript's own property
// (test/bake/internals.test.ts checks all three, the last in Chromium). The cost: React DevTools cannot inspect a page.
export const REACT_INTERNALS = `
  $$reactFormReplay $$typeof _context _currentValue _currentValue2 _eventListeners _fragmentFiber _init
  _internalRoot _observers _payload _pendingMarkers _reactInternals _reactName _reactRetry _reactRootContainer
  _reason _result _retryCache _scope _selector _stashedDisplay _stashedText _status _targetInst _threadCount
  _transitions _valueTracker _visibility addTransitionType alternate attachedListener autoName baseLanes baseQueue
  baseState blockedOn cachePool cacheSignal callbackNode callbackPriority cancelPendingCommit child childLanes
  cleanup cloneElement clones Component componentDidCatch componentDidMount componentDidUpdate componentStack
  componentWillMount componentWillReceiveProps componentWillUnmount componentWillUpdate containerInfo contextType
  controller createContext createPortal createRef defaultProps dehydrated deletions deps dispatch displayName
  eagerState elementType emit enqueueForceUpdate enqueueReplaceState enqueueSetState entangledLanes entanglements
  errorBoundary errorRecoveryDisabledLanes eventSystemFlags expirationTimes expiredLanes findDOMNode firstBaseUpdate
  firstContext flushSync focusedElem focusLast focusReset formState forwardRef foundSelf fragmentInstance gesture
  getCacheForType getDerivedStateFromError getDerivedStateFromProps getSnapshot getSnapshotBeforeUpdate getValue
  hasEagerState hiddenCallbacks hiddenUpdates hoistableScripts hoistableStyles hydrationErrors identifierPrefix
  imagePair imgBytes imgCount impl incompleteTransitions inst instance isBackwards isDehydrated isPersistent
  isPureReactComponent isReactComponent isTransition isValidElement lane lanes lastBaseUpdate lastEffect
  lastRenderedReducer lastRenderedState listeners markerInstances memoCache memoizedProps memoizedState
  memoizedValue nativeEvent nextImpl observer observeUsing optionsOrUseCapture paired passiveEffectDuration payload
  pendingChildren pendingContext pendingLanes pendingProps pingCache pingedLanes pool pooledCache pooledCacheLanes
  priorityLevel Provider PureComponent queue reactFragments refCleanup refCount refs renderingStartTime
  requestFormReset retryLane retryQueue return revealOrder revertLane selectionRange setValue shellSuspendCounter
  shouldComponentUpdate sibling sortIndex stateNode stopTracking subtreeFlags suspendedLanes suspenseyImages
  tailMode targetContainers timeoutHandle transitions transitionTypes treeContext treeForkCount unmount
  unobserveUsing UNSAFE_componentWillMount UNSAFE_componentWillReceiveProps UNSAFE_componentWillUpdate
  unstable_batchedUpdates unstable_cancelCallback unstable_forceFrameRate unstable_getCurrentPriorityLevel
  unstable_IdlePriority unstable_ImmediatePriority unstable_LowPriority unstable_next unstable_NormalPriority
  unstable_now unstable_Profiling unstable_requestPaint unstable_runWithPriority unstable_scheduleCallback
  unstable_scheduleHydration unstable_setDisableYieldValue unstable_shouldYield unstable_strictMode
  unstable_useCacheRefresh unstable_UserBlockingPriority unstable_wrapCallback unsuspend updateQueue updater
  useActionState useCacheRefresh useCallback useContext useDebugValue useDeferredValue useEffectEvent useFormState
  useFormStatus useHostTransitionStatus useId useImperativeHandle useInsertionEffect useLayoutEffect useMemoCache
  useOptimistic useReducer useSyncExternalStore useTransition waitingForImages waitingForViewTransition warmLanes
`
  .trim()
  .split(/\s+/);
